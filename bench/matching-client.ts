/**
 * The matching benchmark's HTTP client, run in a worker thread (matching.ts starts it with
 * runWorker) so that making requests and reading their answers does not take the event loop of the
 * app, which runs in the benchmark's main thread: about 0.3 ms of CPU a POST through fetch. Posts
 * referrals as the agencies whose cookies it is given, or GETs the baseline, in a closed loop;
 * posts back the Run and the CPU spent meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { callApi } from '../test/http';
import { referralInput } from '../test/referrals';
import { closedLoop, type Run } from './closed-loop';
import { startCpuMeter, type CpuSpent } from './machine-cpu';

export type MatchingClientOrder = {
  label: string;
  concurrency: number;
  seconds: number;
} & (
  | { kind: 'post'; appUrl: string; cookies: string[]; patientZips: string[]; expectedNotified: number }
  | { kind: 'get'; url: string }
);

function call(order: MatchingClientOrder) {
  if (order.kind === 'get') {
    return async () => {
      const response = await fetch(order.url);
      await response.arrayBuffer();
      return { ok: response.status === 200 };
    };
  }
  // Loop `worker` posts as agency `worker`, cycling over the patients' ZIPs.
  return async (worker: number, n: number) => {
    const patientZip = order.patientZips[(worker + n) % order.patientZips.length]!;
    const response = await callApi(order.appUrl, 'POST', '/api/referrals', {
      cookie: order.cookies[worker]!,
      body: { referral: referralInput({ patientZip }), post: true },
    });
    const body = (await response.json()) as { notifiedCount?: number };
    return { ok: response.status === 201, notified: body.notifiedCount ?? 0, expected: order.expectedNotified };
  };
}

/** A run, with the CPU spent while it ran (the machine's, and this process's: the app and this client). */
export type MeteredRun = Run & { cpu: CpuSpent | undefined };

const order = workerData as MatchingClientOrder;
// Metered here, around the loop alone: not this worker's start (loading its TypeScript).
const meter = startCpuMeter();
const run = await closedLoop(order.label, order, call(order));
parentPort!.postMessage({ ...run, cpu: meter() } satisfies MeteredRun);
