import type { Region, StateCounties } from './boundary-decoding';
import type { BoundaryAnswer, BoundaryQuestion, BoundaryRequest } from './boundary-messages';

export type { Region, StateCounties } from './boundary-decoding';

/**
 * US state and county boundaries for the referral map's offline base layer, from the Census
 * Bureau's cartographic boundary files (see boundary-decoding.ts). A worker fetches and decodes
 * them (boundaries.worker.ts), so the page's main thread only draws them.
 */

type Pending = { resolve: (answer: BoundaryAnswer) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
  // The next request starts a fresh worker.
  worker?.terminate();
  worker = undefined;
}

function ask(question: BoundaryQuestion): Promise<BoundaryAnswer> {
  if (!worker) {
    worker = new Worker(new URL('./boundaries.worker.ts', import.meta.url), { type: 'module', name: 'map boundaries' });
    worker.onmessage = (event: MessageEvent<BoundaryAnswer>) => {
      const waiting = pending.get(event.data.id);
      pending.delete(event.data.id);
      if (!waiting) return;
      if ('error' in event.data) waiting.reject(new Error(event.data.error));
      else waiting.resolve(event.data);
    };
    worker.onerror = () => failAll(new Error('The map boundaries worker failed'));
  }
  const id = nextId++;
  const answer = new Promise<BoundaryAnswer>((resolve, reject) => pending.set(id, { resolve, reject }));
  const request: BoundaryRequest = { ...question, id };
  worker.postMessage(request);
  return answer;
}

let states: Promise<Region[]> | undefined;
const countiesByState = new Map<string, Promise<StateCounties>>();

/** Every state, the District of Columbia and the territories; fetched once per page load. */
export function loadStates(): Promise<Region[]> {
  states ??= ask({ kind: 'states' }).then((answer) => {
    if (!('states' in answer)) throw new Error('The boundaries worker answered without states');
    return answer.states;
  });
  // A failed fetch is not kept, so the next map tries again.
  states.catch(() => (states = undefined));
  return states;
}

/** The counties of one state (by its two-digit FIPS code); the county file is fetched on first use. */
export function loadCounties(stateId: string): Promise<StateCounties> {
  let counties = countiesByState.get(stateId);
  if (!counties) {
    counties = ask({ kind: 'counties', stateId }).then((answer) => {
      if (!('counties' in answer)) throw new Error('The boundaries worker answered without counties');
      return answer.counties;
    });
    countiesByState.set(stateId, counties);
    counties.catch(() => countiesByState.delete(stateId));
  }
  return counties;
}
