import { useMutation } from '@tanstack/react-query';
import type { EvvExportQuery } from '../../domain/evv-export';
import { ApiError, readResponse } from './client';

/** The file the server named in Content-Disposition, or a name of our own. */
function fileNameOf(response: Response, query: EvvExportQuery): string {
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return named?.[1] ?? `carerelay-evv-${query.from}-to-${query.to}.${query.format}`;
}

/**
 * GET /api/agency/evv-export as a download: fetched (not a plain link) so a refusal — a bad range,
 * a second step needed — comes back as an ApiError the card shows, instead of a page of JSON.
 */
export async function downloadEvvExport(query: EvvExportQuery): Promise<string> {
  const params = new URLSearchParams({ from: query.from, to: query.to, format: query.format });
  let response: Response;
  try {
    response = await fetch(`/api/agency/evv-export?${params.toString()}`, { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not reach CareRelay. Check your connection and try again.');
  }
  if (!response.ok) await readResponse(Promise.resolve(response));
  const name = fileNameOf(response, query);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
  return name;
}

export function useEvvExportDownload() {
  return useMutation({ mutationFn: downloadEvvExport });
}
