/** The one way the web app talks to the server. Errors arrive as `{ error: { code, message, fields? } }`. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** `background`: a poll, not the user acting; the server then leaves the idle timer alone. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; background?: boolean } = {},
): Promise<T> {
  return readResponse<T>(
    fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.background ? { 'x-carerelay-background': '1' } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    }),
  );
}

/** The answer to a request already sent (api's, or one started early: see early-me.ts), read as api reads it. */
export async function readResponse<T>(sent: Promise<Response>): Promise<T> {
  let response: Response;
  try {
    response = await sent;
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Could not reach CareRelay. Check your connection and try again.');
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | undefined)?.error;
    throw new ApiError(response.status, error?.code ?? 'HTTP_ERROR', error?.message ?? `Request failed (${response.status})`, error?.fields);
  }
  return data as T;
}
