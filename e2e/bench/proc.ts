/**
 * CPU and memory of the processes a bench drives, read from /proc (Linux): utime + stime of
 * /proc/<pid>/stat in clock ticks, and the peak resident set (VmHWM) of /proc/<pid>/status.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS = 100; // USER_HZ on Linux

/** CPU seconds a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** Peak resident memory in MB. */
export function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

const parentOf = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
};
const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
};

/** The descendants of `root` whose command line contains `needle` (the Temporal dev server the test env spawned). */
export function descendants(root: number, needle: string): number[] {
  const pids = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const under = (pid: number): boolean => {
    for (let p = pid, i = 0; p > 1 && i < 20; p = parentOf(p), i++) if (p === root) return true;
    return false;
  };
  return pids.filter((p) => p !== root && under(p) && cmdline(p).includes(needle));
}

/** A set of processes whose CPU is summed, with a baseline taken at `mark()`. */
export class CpuMeter {
  private readonly base = new Map<number, number>();
  constructor(private readonly pids: () => number[]) {}
  mark(): void {
    for (const p of this.pids()) this.base.set(p, cpuSeconds(p));
  }
  /** CPU seconds since mark(); processes that appeared since count from zero. */
  used(): number {
    return this.pids().reduce((s, p) => s + cpuSeconds(p) - (this.base.get(p) ?? 0), 0);
  }
}
