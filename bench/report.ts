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
  | ({ kind: 'measured' } & Measurement)
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
 * measured row shows its throughput as a multiple of it.
 */
export function formatTable(baseline: Measurement | undefined, endpoints: EndpointResult[]): string[] {
  const header = columns.map((column) => column.title);
  const measured: string[][] = [];
  if (baseline) measured.push([...cells(baseline), 'reference']);
  for (const result of endpoints) {
    if (result.kind === 'measured') measured.push([...cells(result), ratioToBaseline(result.requestsPerSecond, baseline?.requestsPerSecond)]);
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

export function formatMachine(machine: MachineInfo, settings: RunSettings): string[] {
  return [
    `Node ${machine.node} on ${machine.platform}, ${machine.cpuModel}, ${machine.cores} ${machine.cores === 1 ? 'core' : 'cores'}`,
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
