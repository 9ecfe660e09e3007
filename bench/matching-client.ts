/**
 * The matching benchmark's HTTP client, run in a worker thread (matching.ts starts it with
 * runWorker) so that making requests and reading their answers does not take the event loop of the
 * app, which runs in the benchmark's main thread: about 0.3 ms of CPU a POST through fetch. Posts
 * referrals as the agencies whose cookies it is given, or GETs the baseline, in a closed loop;
 * posts back the Run.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { callApi } from '../test/http';
import { referralInput } from '../test/referrals';
import { closedLoop, type Run } from './closed-loop';

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

const order = workerData as MatchingClientOrder;
const run: Run = await closedLoop(order.label, order, call(order));
parentPort!.postMessage(run);
