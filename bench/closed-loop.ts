/** Closed-loop load for the matching benchmark: a fixed number of callers, each starting its next call when its last one ends. */

export const now = () => Number(process.hrtime.bigint()) / 1e6;

export interface Run {
  label: string;
  count: number;
  seconds: number;
  latenciesMs: number[];
  failures: number;
  notified: number;
  wrongCount: number;
}

/** `concurrency` loops each doing `call` one after another until `seconds` have passed. */
export async function closedLoop(
  label: string,
  settings: { concurrency: number; seconds: number },
  call: (worker: number, n: number) => Promise<{ ok: boolean; notified?: number; expected?: number }>,
): Promise<Run> {
  const run: Run = { label, count: 0, seconds: 0, latenciesMs: [], failures: 0, notified: 0, wrongCount: 0 };
  const started = now();
  const deadline = started + settings.seconds * 1000;
  await Promise.all(
    Array.from({ length: settings.concurrency }, async (_, worker) => {
      for (let n = 0; now() < deadline; n++) {
        const callStarted = now();
        const result = await call(worker, n);
        run.latenciesMs.push(now() - callStarted);
        run.count++;
        if (!result.ok) run.failures++;
        if (result.notified !== undefined) {
          run.notified += result.notified;
          if (result.notified !== result.expected) run.wrongCount++;
        }
      }
    }),
  );
  run.seconds = (now() - started) / 1000;
  return run;
}
