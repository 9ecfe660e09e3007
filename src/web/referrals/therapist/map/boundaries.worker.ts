/// <reference lib="webworker" />
// Emitted as files of their own and fetched only when the map opens: the county file alone is
// 842 kB (251 kB gzipped), more than the rest of the map put together.
import countiesUrl from 'us-atlas/counties-10m.json?url';
import statesUrl from 'us-atlas/states-10m.json?url';
import { decodeCounties, decodeStates, type AtlasTopology } from './boundary-decoding';
import type { BoundaryAnswer, BoundaryRequest } from './boundary-messages';

/**
 * The referral map's boundary data, fetched, parsed and decoded here rather than on the page: the
 * county file's parse and decode held a phone's main thread for a quarter of a second at a time.
 * The page asks for the states or one state's counties (us-boundaries.ts) and gets plain shapes back.
 */

const scope = self as unknown as DedicatedWorkerGlobalScope;

async function fetchTopology(url: string): Promise<AtlasTopology> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Boundary data answered ${response.status}`);
  return (await response.json()) as AtlasTopology;
}

let counties: Promise<AtlasTopology> | undefined;

async function answer(request: BoundaryRequest): Promise<BoundaryAnswer> {
  if (request.kind === 'states') return { id: request.id, states: decodeStates(await fetchTopology(statesUrl)) };
  counties ??= fetchTopology(countiesUrl);
  // A failed fetch is not kept, so the next zoom tries again.
  counties.catch(() => (counties = undefined));
  return { id: request.id, counties: decodeCounties(await counties, request.stateId) };
}

scope.onmessage = (event: MessageEvent<BoundaryRequest>) => {
  answer(event.data).then(
    (message) => scope.postMessage(message),
    (error: unknown) => scope.postMessage({ id: event.data.id, error: error instanceof Error ? error.message : String(error) }),
  );
};
