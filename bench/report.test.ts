import { describe, expect, it } from 'vitest';
import {
  alignTable,
  fanoutProblems,
  formatFanoutRounds,
  formatMachine,
  formatMs,
  formatPostRates,
  formatRequestsPerSecond,
  formatTable,
  hasFailures,
  percentile,
  ratioToBaseline,
  summarizeArrivals,
  type FanoutRound,
  type Measurement,
  type PostRate,
} from './report';

const baseline: Measurement = {
  label: 'baseline',
  requestsPerSecond: 40_000,
  latencyP50Ms: 1,
  latencyP99Ms: 3,
  errors: 0,
  non2xx: 0,
};
const health: Measurement = {
  label: 'GET /api/health',
  requestsPerSecond: 16_800.4,
  latencyP50Ms: 2.5,
  latencyP99Ms: 11,
  errors: 0,
  non2xx: 0,
};

describe('ratioToBaseline', () => {
  it('expresses throughput as a multiple of the baseline, two decimals', () => {
    expect(ratioToBaseline(16_800, 40_000)).toBe('0.42× baseline');
    expect(ratioToBaseline(40_000, 40_000)).toBe('1.00× baseline');
    expect(ratioToBaseline(1, 3)).toBe('0.33× baseline');
  });

  it('shows a dash when there is no usable baseline', () => {
    expect(ratioToBaseline(100, 0)).toBe('—');
    expect(ratioToBaseline(100, undefined)).toBe('—');
  });
});

describe('number formats', () => {
  it('rounds requests per second and groups thousands', () => {
    expect(formatRequestsPerSecond(16_800.6)).toBe('16,801');
    expect(formatRequestsPerSecond(950.2)).toBe('950');
  });

  it('keeps whole milliseconds whole and shows one decimal otherwise', () => {
    expect(formatMs(3)).toBe('3');
    expect(formatMs(2.54)).toBe('2.5');
  });
});

describe('formatTable', () => {
  it('puts the baseline first as the reference and each endpoint with its ratio', () => {
    const lines = formatTable(baseline, [{ kind: 'measured', ...health }]);
    expect(lines[0]).toMatch(/^Endpoint\s+Requests\/s\s+p50 ms\s+p99 ms\s+Errors\s+Non-2xx\s+vs baseline$/);
    expect(lines[1]).toMatch(/^-+( +-+){6}$/);
    expect(lines[2]).toMatch(/^baseline\s+40,000\s+1\s+3\s+0\s+0\s+reference$/);
    expect(lines[3]).toMatch(/^GET \/api\/health\s+16,800\s+2\.5\s+11\s+0\s+0\s+0\.42× baseline$/);
  });

  it('aligns every column: numbers end, and text starts, at the same place on every row', () => {
    const lines = formatTable(baseline, [{ kind: 'measured', ...health }]);
    const header = lines[0]!;
    const requestsEnd = header.indexOf('Requests/s') + 'Requests/s'.length;
    expect(lines[2]!.slice(requestsEnd - '40,000'.length, requestsEnd)).toBe('40,000');
    expect(lines[3]!.slice(requestsEnd - '16,800'.length, requestsEnd)).toBe('16,800');
    expect(lines[3]!.indexOf('0.42×')).toBe(header.indexOf('vs baseline'));
  });

  it('compares an endpoint with the baseline measured just before it, when there was one', () => {
    const lines = formatTable(baseline, [{ kind: 'measured', ...health, baselineRequestsPerSecond: 33_600 }]);
    expect(lines[3]).toMatch(/ 0\.50× baseline$/);
  });

  it('shows why an endpoint was skipped in place of its figures', () => {
    const lines = formatTable(baseline, [{ kind: 'skipped', label: 'GET /api/faqs', reason: '404' }]);
    expect(lines[3]).toMatch(/^GET \/api\/faqs\s+skipped \(404\)$/);
  });

  it('shows a dash for the ratio when the baseline was not measured', () => {
    const lines = formatTable(undefined, [{ kind: 'measured', ...health }]);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/ —$/);
  });
});

describe('hasFailures', () => {
  it('is false when every measured endpoint answered 2xx without errors, skipped ones included', () => {
    expect(hasFailures([{ kind: 'measured', ...health }, { kind: 'skipped', label: 'GET /api/faqs', reason: '404' }])).toBe(false);
  });

  it('is true when an endpoint had connection errors or non-2xx answers', () => {
    expect(hasFailures([{ kind: 'measured', ...health, errors: 3 }])).toBe(true);
    expect(hasFailures([{ kind: 'measured', ...health, non2xx: 1 }])).toBe(true);
  });
});

describe('formatMachine', () => {
  it('names the Node version, CPU, core count and the load settings', () => {
    const lines = formatMachine(
      { node: 'v20.20.2', cpuModel: 'AMD EPYC 7B13', cores: 2, platform: 'linux x64' },
      { durationSeconds: 10, warmupSeconds: 2, connections: 50 },
    );
    expect(lines).toEqual([
      'Node v20.20.2 on linux x64, AMD EPYC 7B13, 2 cores',
      '50 connections, 10 s per endpoint after a 2 s warm-up, one endpoint at a time',
    ]);
  });
});

describe('percentile', () => {
  it('takes the nearest rank of sorted values', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([1, 2, 3], 0)).toBe(1);
  });

  it('is NaN without values', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('summarizeArrivals', () => {
  it('counts the streams that received the event and takes figures over them only', () => {
    const summary = summarizeArrivals([30, null, 10, 20, null], 5);
    expect(summary).toMatchObject({ received: 3, expected: 5, latenciesMs: [10, 20, 30], firstMs: 10, p50Ms: 20, p99Ms: 30, maxMs: 30 });
  });

  it('has no figures when nothing arrived', () => {
    const summary = summarizeArrivals([null, null], 2);
    expect(summary.received).toBe(0);
    expect(summary.p99Ms).toBeNaN();
    expect(summary.maxMs).toBeNaN();
  });
});

const round = (group: string, label: string, latencies: Array<number | null>, extra: Partial<FanoutRound> = {}): FanoutRound => ({
  group,
  label,
  ...summarizeArrivals(latencies, latencies.length),
  notified: latencies.length,
  postMs: 100,
  healthMaxMs: 12.34,
  healthFailures: 0,
  poolWaitingMax: 3,
  ...extra,
});

describe('formatFanoutRounds', () => {
  it('shows each round, then each group of rounds pooled', () => {
    const lines = formatFanoutRounds([
      round('POST', 'round 1', [100, 200, 300]),
      round('POST', 'round 2', [150, 250, 1234.56]),
      round('direct', 'round 1', [10, 20, 30]),
    ]);
    expect(lines[0]).toMatch(/^Event sent to every connected therapist\s+Received\s+first ms\s+p50 ms\s+p99 ms\s+max ms\s+call ms\s+health max ms\s+pool waits$/);
    expect(lines.slice(2).map((line) => line.split(/\s{2,}/)[0])).toEqual(['POST, round 1', 'POST, round 2', 'POST, all 2 pooled', 'direct, round 1']);
    expect(lines[3]).toMatch(/^POST, round 2\s+3 of 3\s+150\s+250\s+1234\.6\s+1234\.6\s+100\s+12\.3\s+3$/);
    expect(lines[4]).toMatch(/^POST, all 2 pooled\s+6 of 6\s+100\s+200\s+1234\.6\s+1234\.6\s+100\s+12\.3\s+3$/);
  });

  it('shows missing arrivals in the count and failed health probes next to their figure', () => {
    const lines = formatFanoutRounds([round('POST', 'round 1', [100, null], { expected: 2, healthFailures: 2 })]);
    expect(lines[2]).toMatch(/^POST, round 1\s+1 of 2\s+100\s+100\s+100\s+100\s+100\s+12\.3 \(2 failed\)\s+3$/);
  });
});

const rate: PostRate = {
  label: 'each notifies 10',
  posts: 96,
  seconds: 10,
  concurrency: 1,
  latenciesMs: [100, 90, 110, 400],
  notifiedPerPost: 10,
  wrongCount: 0,
  streamEvents: 0,
  expectedStreamEvents: 0,
  jobsQueuedAfter: 960,
};

describe('formatPostRates', () => {
  it('shows posts per second, latencies and, when streams should get events, how many did', () => {
    const lines = formatPostRates([
      rate,
      { ...rate, label: 'each notifies all', posts: 10, notifiedPerPost: 5000, streamEvents: 50_000, expectedStreamEvents: 50_000 },
    ]);
    expect(lines[0]).toMatch(/^Referral posts\s+Posts\/s\s+Posts\s+In flight\s+p50 ms\s+p99 ms\s+Notified\/post\s+Stream events\s+Jobs queued after$/);
    expect(lines[2]).toMatch(/^each notifies 10\s+9\.60\s+96\s+1\s+100\s+400\s+10\s+0\s+960$/);
    expect(lines[3]).toMatch(/^each notifies all\s+1\.00\s+10\s+1\s+100\s+400\s+5,000\s+50,000 of 50,000\s+960$/);
  });
});

describe('fanoutProblems', () => {
  it('is empty when every event arrived and every post notified as expected: timings are never a problem', () => {
    expect(fanoutProblems({ rounds: [round('POST', 'round 1', [100, 99_999])], postRates: [rate], streamsEnded: 0 })).toEqual([]);
  });

  it('names missing events, wrong notified counts, failed probes and ended streams', () => {
    const problems = fanoutProblems({
      rounds: [round('POST', 'round 1', [100, null], { notified: 1, healthFailures: 1 })],
      postRates: [{ ...rate, wrongCount: 2, streamEvents: 5, expectedStreamEvents: 10 }],
      streamsEnded: 3,
    });
    expect(problems).toEqual([
      'POST, round 1: 1 streams never received the event',
      'POST, round 1: 1 notified, not 2',
      'POST, round 1: 1 health probes failed',
      'each notifies 10: 2 posts notified an unexpected number of therapists',
      'each notifies 10: the streams received 5 of 10 events',
      '3 streams ended during the run',
    ]);
  });
});

describe('alignTable', () => {
  it('pads left-aligned text and right-aligned numbers to the widest cell', () => {
    expect(
      alignTable(
        [
          { title: 'Name', align: 'left' },
          { title: 'n', align: 'right' },
        ],
        [
          ['a', '1'],
          ['longer', '100'],
        ],
      ),
    ).toEqual(['Name      n', '------  ---', 'a         1', 'longer  100']);
  });
});
