/** Turns benchmark results into the table `npm run bench` prints. Pure, so it is unit-tested. */

export interface Measurement {
  label: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
}

export type EndpointResult =
  | ({
      kind: 'measured';
      /**
       * The baseline measured just before this endpoint, when it was: the ratio is to it, so a
       * change in the machine's load during the run moves both figures of the ratio alike.
       */
      baselineRequestsPerSecond?: number;
    } & Measurement)
  | { kind: 'skipped'; label: string; reason: string };

export interface MachineInfo {
  node: string;
  cpuModel: string;
  cores: number;
  platform: string;
}

export interface RunSettings {
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
}

/** "0.42× baseline"; a dash when there is no baseline figure to compare with. */
export function ratioToBaseline(requestsPerSecond: number, baselineRequestsPerSecond: number | undefined): string {
  if (!baselineRequestsPerSecond || baselineRequestsPerSecond <= 0) return '—';
  return `${(requestsPerSecond / baselineRequestsPerSecond).toFixed(2)}× baseline`;
}

export function formatRequestsPerSecond(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

export function formatMs(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** True when any measured endpoint saw an error or a non-2xx answer: the run must not pass as good. */
export function hasFailures(results: EndpointResult[]): boolean {
  return results.some((result) => result.kind === 'measured' && (result.errors > 0 || result.non2xx > 0));
}

const columns = [
  { title: 'Endpoint', align: 'left' },
  { title: 'Requests/s', align: 'right' },
  { title: 'p50 ms', align: 'right' },
  { title: 'p99 ms', align: 'right' },
  { title: 'Errors', align: 'right' },
  { title: 'Non-2xx', align: 'right' },
  { title: 'vs baseline', align: 'left' },
] as const;

/**
 * The results as an aligned text table. `baseline` is the bare-Fastify reference; every other
 * measured row shows its throughput as a multiple of it, or of its own adjacent baseline
 * (`baselineRequestsPerSecond`) when it has one.
 */
export function formatTable(baseline: Measurement | undefined, endpoints: EndpointResult[]): string[] {
  const header = columns.map((column) => column.title);
  const measured: string[][] = [];
  if (baseline) measured.push([...cells(baseline), 'reference']);
  for (const result of endpoints) {
    if (result.kind === 'measured') {
      const reference = result.baselineRequestsPerSecond ?? baseline?.requestsPerSecond;
      measured.push([...cells(result), ratioToBaseline(result.requestsPerSecond, reference)]);
    }
  }
  const skippedLabels = endpoints.filter((result) => result.kind === 'skipped').map((result) => result.label);
  const widths = columns.map((_, index) =>
    Math.max(header[index]!.length, ...measured.map((row) => row[index]!.length), ...(index === 0 ? skippedLabels.map((label) => label.length) : [])),
  );
  const line = (row: string[]) =>
    row
      .map((cell, index) => (columns[index]!.align === 'right' ? cell.padStart(widths[index]!) : cell.padEnd(widths[index]!)))
      .join('  ')
      .trimEnd();

  const lines = [line(header), line(widths.map((width) => '-'.repeat(width)))];
  if (baseline) lines.push(line(measured.shift()!));
  for (const result of endpoints) {
    // A skipped endpoint has no figures: its note takes the place of all of them.
    if (result.kind === 'skipped') lines.push(`${result.label.padEnd(widths[0]!)}  skipped (${result.reason})`);
    else lines.push(line(measured.shift()!));
  }
  return lines;
}

/** "Node v20.20.2 on linux x64, AMD EPYC 7B13, 2 cores". */
export function describeMachine(machine: MachineInfo): string {
  return `Node ${machine.node} on ${machine.platform}, ${machine.cpuModel}, ${machine.cores} ${machine.cores === 1 ? 'core' : 'cores'}`;
}

export function formatMachine(machine: MachineInfo, settings: RunSettings): string[] {
  return [
    describeMachine(machine),
    `${settings.connections} connections, ${settings.durationSeconds} s per endpoint after a ${settings.warmupSeconds} s warm-up, one endpoint at a time`,
  ];
}

function cells(measurement: Measurement): string[] {
  return [
    measurement.label,
    formatRequestsPerSecond(measurement.requestsPerSecond),
    formatMs(measurement.latencyP50Ms),
    formatMs(measurement.latencyP99Ms),
    String(measurement.errors),
    String(measurement.non2xx),
  ];
}

// ---- Fan-out benchmark ----

type Column = { title: string; align: 'left' | 'right' };

/** Rows of cells under a header and a rule, each column as wide as its widest cell. */
export function alignTable(columns: readonly Column[], rows: string[][]): string[] {
  const widths = columns.map((column, index) => Math.max(column.title.length, ...rows.map((row) => (row[index] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, index) => (columns[index]!.align === 'right' ? cell.padStart(widths[index]!) : cell.padEnd(widths[index]!)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((column) => column.title)), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

/** The nearest-rank percentile of values sorted ascending; NaN when there are none. */
export function percentile(sortedAscending: ArrayLike<number>, p: number): number {
  if (sortedAscending.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sortedAscending.length);
  return sortedAscending[Math.min(sortedAscending.length, Math.max(1, rank)) - 1]!;
}

export interface ArrivalSummary {
  /** Streams that received the event. */
  received: number;
  /** Streams that should have. */
  expected: number;
  /** Each received stream's latency, ascending (ms). */
  latenciesMs: number[];
  /** The first stream's: about when the posting transaction committed, plus one read. */
  firstMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Latencies of the streams that received the event (null: it never came) → the round's figures. */
export function summarizeArrivals(latencies: ReadonlyArray<number | null>, expected: number): ArrivalSummary {
  const received = latencies.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return {
    received: received.length,
    expected,
    latenciesMs: received,
    firstMs: received.length > 0 ? received[0]! : Number.NaN,
    p50Ms: percentile(received, 50),
    p99Ms: percentile(received, 99),
    maxMs: received.length > 0 ? received[received.length - 1]! : Number.NaN,
  };
}

export interface FanoutRound extends ArrivalSummary {
  /** What sent the event (rounds of one group are also shown pooled), and which round this was. */
  group: string;
  label: string;
  /** Therapists it said it notified. */
  notified: number;
  /** How long the sending call took: the POST, or the transaction that creates the notifications. */
  postMs: number;
  /** The slowest GET /api/health (app pool + pg-boss) while the events were going out. */
  healthMaxMs: number;
  healthFailures: number;
  /** The most requests waiting at once for a connection of the app's pool meanwhile. */
  poolWaitingMax: number;
}

export interface PostRate {
  label: string;
  posts: number;
  seconds: number;
  concurrency: number;
  latenciesMs: number[];
  notifiedPerPost: number;
  /** Posts whose notified count was not the expected one. */
  wrongCount: number;
  /** Events the streams received during the run, and how many they should have. */
  streamEvents: number;
  expectedStreamEvents: number;
  /** Alert jobs (email per therapist notified) still queued or running when the run ended. */
  jobsQueuedAfter: number;
}

const fanoutColumns: readonly Column[] = [
  { title: 'Event sent to every connected therapist', align: 'left' },
  { title: 'Received', align: 'right' },
  { title: 'first ms', align: 'right' },
  { title: 'p50 ms', align: 'right' },
  { title: 'p99 ms', align: 'right' },
  { title: 'max ms', align: 'right' },
  { title: 'call ms', align: 'right' },
  { title: 'health max ms', align: 'right' },
  { title: 'pool waits', align: 'right' },
];

const ms = (value: number) => (Number.isNaN(value) ? '—' : formatMs(Math.round(value * 10) / 10));
const count = (value: number) => Math.round(value).toLocaleString('en-US');

/**
 * One row per fan-out round — how many streams got the event, and the time from just before the
 * sending call until each did — and after each group of rounds, the group's rounds pooled.
 */
export function formatFanoutRounds(rounds: readonly FanoutRound[]): string[] {
  const rows: string[][] = [];
  const groups = [...new Set(rounds.map((round) => round.group))];
  for (const group of groups) {
    const members = rounds.filter((round) => round.group === group);
    for (const round of members) {
      rows.push([
        `${group}, ${round.label}`,
        `${count(round.received)} of ${count(round.expected)}`,
        ms(round.firstMs),
        ms(round.p50Ms),
        ms(round.p99Ms),
        ms(round.maxMs),
        ms(round.postMs),
        `${ms(round.healthMaxMs)}${round.healthFailures > 0 ? ` (${round.healthFailures} failed)` : ''}`,
        count(round.poolWaitingMax),
      ]);
    }
    if (members.length < 2) continue;
    const pooled = summarizeArrivals(
      members.flatMap((round) => round.latenciesMs),
      members.reduce((sum, round) => sum + round.expected, 0),
    );
    rows.push([
      `${group}, all ${members.length} pooled`,
      `${count(pooled.received)} of ${count(pooled.expected)}`,
      ms(pooled.firstMs),
      ms(pooled.p50Ms),
      ms(pooled.p99Ms),
      ms(pooled.maxMs),
      ms(Math.max(...members.map((round) => round.postMs))),
      ms(Math.max(...members.map((round) => round.healthMaxMs))),
      count(Math.max(...members.map((round) => round.poolWaitingMax))),
    ]);
  }
  return alignTable(fanoutColumns, rows);
}

const postColumns: readonly Column[] = [
  { title: 'Referral posts', align: 'left' },
  { title: 'Posts/s', align: 'right' },
  { title: 'Posts', align: 'right' },
  { title: 'In flight', align: 'right' },
  { title: 'p50 ms', align: 'right' },
  { title: 'p99 ms', align: 'right' },
  { title: 'Notified/post', align: 'right' },
  { title: 'Stream events', align: 'right' },
  { title: 'Jobs queued after', align: 'right' },
];

export function formatPostRates(rates: readonly PostRate[]): string[] {
  return alignTable(
    postColumns,
    rates.map((rate) => {
      const sorted = [...rate.latenciesMs].sort((a, b) => a - b);
      return [
        rate.label,
        (rate.posts / rate.seconds).toFixed(rate.posts / rate.seconds < 10 ? 2 : 1),
        count(rate.posts),
        String(rate.concurrency),
        ms(percentile(sorted, 50)),
        ms(percentile(sorted, 99)),
        count(rate.notifiedPerPost),
        rate.expectedStreamEvents > 0 ? `${count(rate.streamEvents)} of ${count(rate.expectedStreamEvents)}` : count(rate.streamEvents),
        count(rate.jobsQueuedAfter),
      ];
    }),
  );
}

/**
 * Why the fan-out figures cannot be trusted, if they cannot: events that never arrived, posts that
 * notified the wrong number of therapists, failed health probes, streams that ended. Never timings.
 */
export function fanoutProblems(results: { rounds: readonly FanoutRound[]; postRates: readonly PostRate[]; streamsEnded: number }): string[] {
  const problems: string[] = [];
  for (const round of results.rounds) {
    const label = `${round.group}, ${round.label}`;
    if (round.received < round.expected) problems.push(`${label}: ${round.expected - round.received} streams never received the event`);
    if (round.notified !== round.expected) problems.push(`${label}: ${round.notified} notified, not ${round.expected}`);
    if (round.healthFailures > 0) problems.push(`${label}: ${round.healthFailures} health probes failed`);
  }
  for (const rate of results.postRates) {
    if (rate.wrongCount > 0) problems.push(`${rate.label}: ${rate.wrongCount} posts notified an unexpected number of therapists`);
    if (rate.streamEvents < rate.expectedStreamEvents) {
      problems.push(`${rate.label}: the streams received ${rate.streamEvents} of ${rate.expectedStreamEvents} events`);
    }
  }
  if (results.streamsEnded > 0) problems.push(`${results.streamsEnded} streams ended during the run`);
  return problems;
}
