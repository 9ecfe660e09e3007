import type { Caller } from '../use-case';
import { demoCaller, storyDepsOf, type DemoDeps } from './demo-deps';
import { enrolDemoFactor } from './demo-factors';
import { demoAgencies, demoManager, demoTherapists } from './demo-people';
import { demoStories } from './demo-stories';
import { playStory } from './play-story';

export interface MarketSummary {
  referrals: number;
  visits: number;
}

/** The approved demo people: those who work in the market, and so have a second factor. */
export function workingDemoKeys(): string[] {
  return [
    ...demoAgencies.filter((agency) => agency.status === 'approved').map((agency) => agency.key),
    ...demoTherapists.filter((therapist) => therapist.status === 'approved').map((therapist) => therapist.key),
    demoManager.key,
  ];
}

/**
 * Sets the demo cast to work: each approved person enrols a second factor, then every story of
 * demo-stories.ts is played through the use cases, relative to `now` so today's visits are today's.
 * Expects the cast just created (seed-demo-data.ts) and nothing of theirs in the market yet.
 */
export async function playDemoMarket(deps: DemoDeps, now: Date = new Date()): Promise<MarketSummary> {
  const callers = new Map<string, Caller>();
  const person = async (key: string) => {
    let caller = callers.get(key);
    if (!caller) callers.set(key, (caller = await demoCaller(deps.database, key)));
    return caller;
  };
  for (const key of workingDemoKeys()) await enrolDemoFactor(deps, await person(key));

  const storyDeps = storyDepsOf(deps);
  const cast = { person, manager: await person(demoManager.key) };
  let visits = 0;
  for (const story of demoStories) visits += (await playStory(storyDeps, story, cast, now)).visits;
  return { referrals: demoStories.length, visits };
}
