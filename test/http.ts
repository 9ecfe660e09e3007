import { expect } from 'vitest';
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

/** The JSON body of a response that must have `status` (200 unless told); a failure shows what came back. */
export async function ok<T = unknown>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, `${response.url}: ${text}`).toBe(status);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** The error of a response that must be refused with `status` and the error `code`. */
export async function refused(response: Response, status: number, code: string): Promise<ErrorBody['error']> {
  const text = await response.text();
  expect(response.status, `${response.url}: ${text}`).toBe(status);
  const { error } = JSON.parse(text) as ErrorBody;
  expect(error.code).toBe(code);
  return error;
}
