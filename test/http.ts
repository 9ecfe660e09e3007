import { expect } from 'vitest';
import type { ErrorBody } from '../src/server/http/errors';

/**
 * A request to the app as a browser page would send it: Origin set; the cookie, the client's address
 * (X-Forwarded-For, which the app trusts from the local proxy) and user agent when given; a body as
 * JSON, or as it is when it is a Buffer (an upload, whose type goes in `headers`).
 */
export function callApi(
  baseUrl: string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; ip?: string; userAgent?: string; headers?: Record<string, string> } = {},
) {
  const raw = options.body instanceof Buffer;
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body === undefined || raw ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : options.body instanceof Buffer ? new Uint8Array(options.body) : JSON.stringify(options.body),
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
