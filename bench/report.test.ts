import { describe, expect, it } from 'vitest';
import { formatMachine, formatMs, formatRequestsPerSecond, formatTable, hasFailures, ratioToBaseline, type Measurement } from './report';

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
