import { ApiError } from './client';

/**
 * Sends a file as the raw request body with its own content type (the API takes no multipart).
 * The name is PHI: in a header, not the URL, which servers and proxies log; percent-encoded, since
 * a header carries ASCII only.
 */
export async function uploadFile<T>(path: string, file: File, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { accept: 'application/json', 'content-type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) },
      body: file,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not reach CareRelay. Check your connection and try again.');
  }
  const data = (await response.json().catch(() => undefined)) as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | T | undefined;
  if (!response.ok) {
    const error = data && typeof data === 'object' && 'error' in data ? data.error : undefined;
    throw new ApiError(response.status, error?.code ?? 'HTTP_ERROR', error?.message ?? `Upload failed (${response.status})`, error?.fields);
  }
  return data as T;
}
