import type { ErrorBody } from '../src/server/http/errors';

/** A JSON request to the app as a browser page would send it (Origin set; cookie when given). */
export function callApi(baseUrl: string, method: string, path: string, options: { cookie?: string; body?: unknown } = {}) {
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** The `error` of an error response, in the API's one error shape. */
export async function errorOf(response: Response): Promise<ErrorBody['error']> {
  return ((await response.json()) as ErrorBody).error;
}
