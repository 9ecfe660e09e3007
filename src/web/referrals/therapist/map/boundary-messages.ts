import type { Region, StateCounties } from './boundary-decoding';

/** What the page asks the boundaries worker, and what it answers (`id` pairs them). */
export type BoundaryQuestion = { kind: 'states' } | { kind: 'counties'; stateId: string };
export type BoundaryRequest = BoundaryQuestion & { id: number };

export type BoundaryAnswer =
  | { id: number; states: Region[] }
  | { id: number; counties: StateCounties }
  | { id: number; error: string };
