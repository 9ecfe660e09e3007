import { readFileSync } from 'node:fs';

export interface CpuSpent {
  /** Every process: the app, PostgreSQL, the load's client. */
  machine: number;
  /** This process alone: the app and any client in its worker threads. */
  process: number;
}

/**
 * The CPU time spent from now until the returned function is called, in seconds of one core, by
 * the whole machine (from the kernel's counters in /proc/stat) and by this process; undefined where
 * there are no such counters (not Linux).
 */
export function startCpuMeter(): () => CpuSpent | undefined {
  const start = busyTicks();
  const startOfProcess = process.cpuUsage();
  return () => {
    const end = busyTicks();
    const ofProcess = process.cpuUsage(startOfProcess);
    if (start === undefined || end === undefined) return undefined;
    return { machine: (end - start) / TICKS_PER_SECOND, process: (ofProcess.user + ofProcess.system) / 1e6 };
  };
}

/** USER_HZ, which Linux fixes at 100 for what /proc/stat reports. */
const TICKS_PER_SECOND = 100;

/** The first line of /proc/stat, all cores: user, nice, system, idle, iowait, irq, softirq, steal… */
function busyTicks(): number | undefined {
  let text: string;
  try {
    text = readFileSync('/proc/stat', 'utf8');
  } catch {
    return undefined;
  }
  const [user, nice, system, , , irq, softirq] = text.slice(0, text.indexOf('\n')).split(/\s+/).slice(1).map(Number);
  return user! + nice! + system! + irq! + softirq!;
}
