/**
 * CPU and memory of the processes a bench drives, read from /proc (Linux): utime + stime of
 * /proc/<pid>/stat in clock ticks, and the peak resident set (VmHWM) of /proc/<pid>/status.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startBalancer } from '../src/balancer';
import { freePort } from '../src/ports';
import { workerEnv, type Stack, type StackSandbox } from '../src/stack';

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

/** The PostgreSQL backends serving one bench database (their CPU is that database's share). */
export async function postgresPids(db: Stack['db'], databaseUrl: string): Promise<number[]> {
  const database = new URL(databaseUrl).pathname.slice(1);
  const rows = (await db.raw('select pid from pg_stat_activity where datname = ?', [database])).rows as {
    pid: number;
  }[];
  return rows.map((r) => r.pid);
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A TypeScript entry point in its own Node process (tsx), stdout piped, stderr shown. */
export function spawnTs(
  script: string,
  nodeArgs: string[] = [],
  env: NodeJS.ProcessEnv = process.env,
  stderr: 'inherit' | 'ignore' = 'inherit',
): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', stderr],
  });
}

async function until(what: string, ok: () => Promise<boolean>): Promise<void> {
  for (let i = 0; !(await ok()); i++) {
    if (i > 3000) throw new Error(`${what} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const answers = (url: string) => () =>
  fetch(url).then(
    (r) => r.ok,
    () => false,
  );

/**
 * The gateway in its own process, as in production, on the port the sandbox knows as the app's URL (the
 * stack's in-process gateway is closed first). `profileDir` writes a V8 CPU profile there.
 */
export async function startGatewayProcess(
  stack: Stack<StackSandbox>,
  profileDir?: string,
  port = Number(new URL(stack.settings.appUrl).port),
): Promise<ChildProcess> {
  await stack.closeGateway();
  const gateway = spawnTs(
    `${root}/services/gateway/src/main.ts`,
    profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
    {
      ...workerEnv(stack.settings),
      PORT: String(port),
      LEXWARE_EVENT_PUBLIC_KEY_URL: `${stack.sandbox.urls.control}/control/lexware/public-key`,
    },
  );
  gateway.stdout!.resume();
  await until('the gateway process', answers(`http://127.0.0.1:${port}/healthz`));
  return gateway;
}

/**
 * `count` gateway processes behind nginx on the app's URL, as a scaled-out installation runs them (one gateway
 * without nginx). Returns the processes and a stop for the balancer.
 */
export async function startGatewayProcesses(
  stack: Stack<StackSandbox>,
  count: number,
): Promise<{ gateways: ChildProcess[]; stop(): Promise<void> }> {
  if (count <= 1) return { gateways: [await startGatewayProcess(stack)], stop: async () => undefined };
  await stack.closeGateway();
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const gateways: ChildProcess[] = [];
  for (const port of ports) gateways.push(await startGatewayProcess(stack, undefined, port));
  const balancer = await startBalancer(Number(new URL(stack.settings.appUrl).port), ports);
  await until('the balancer', answers(`${stack.gatewayUrl}/healthz`));
  return {
    gateways,
    async stop() {
      for (const g of gateways) g.kill('SIGTERM');
      await balancer.stop();
    },
  };
}

/**
 * The order worker in its own process, as in production; resolves once it polls (it bundles its workflows
 * first, a one-off cost that stays out of every figure).
 */
export async function startWorkerProcess(
  stack: Stack<StackSandbox>,
  env: NodeJS.ProcessEnv = {},
  profileDir?: string,
): Promise<ChildProcess> {
  const healthPort = await freePort();
  const worker = spawnTs(
    `${root}/services/workflows/src/worker.ts`,
    profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [],
    { ...workerEnv(stack.settings), HEALTH_PORT: String(healthPort), ...env },
    'ignore',
  );
  worker.stdout!.resume();
  await until('the worker', answers(`http://127.0.0.1:${healthPort}`));
  return worker;
}

/**
 * Events in the histories of the order workflows (Temporal's round trips leave one or more each: a workflow task
 * is three, an activity three, a local activity one marker). Read with describe, which counts the open runs too.
 */
export async function orderHistoryEvents(stack: Stack<StackSandbox>): Promise<{ workflows: number; events: number }> {
  const ids: string[] = [];
  for await (const wf of stack.temporal.client.workflow.list({ query: 'WorkflowType = "orderWorkflow"' }))
    ids.push(wf.workflowId);
  let events = 0;
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let id = queue.pop(); id; id = queue.pop()) {
        // Read first, then added: `events += await …` would add to the total as it was before the wait.
        const { historyLength } = await stack.temporal.client.workflow.getHandle(id).describe();
        events += historyLength;
      }
    }),
  );
  return { workflows: ids.length, events };
}

/**
 * The activities in the history of one order workflow (the first the list gives), by kind: local activities
 * (one marker each) and normal ones (scheduled), with their names in order, normal ones as `name`, local ones as
 * `name (local)`. What a floor that is fair to this order must do as often.
 */
export async function activitiesOfOneOrder(
  stack: Stack<StackSandbox>,
): Promise<{ workflowId: string; local: number; normal: number; names: string[] }> {
  let workflowId = '';
  for await (const wf of stack.temporal.client.workflow.list({ query: 'WorkflowType = "orderWorkflow"' })) {
    workflowId = wf.workflowId;
    break;
  }
  const history = await stack.temporal.client.workflow.getHandle(workflowId).fetchHistory();
  const names: string[] = [];
  let local = 0;
  let normal = 0;
  for (const event of history.events ?? []) {
    const marker = event.markerRecordedEventAttributes;
    if (marker?.markerName === 'core_local_activity') {
      local += 1;
      const data = marker.details?.data?.payloads?.[0]?.data;
      const type = data ? (JSON.parse(Buffer.from(data).toString('utf8')) as { activity_type?: string }) : {};
      names.push(`${type.activity_type ?? '?'} (local)`);
    }
    const scheduled = event.activityTaskScheduledEventAttributes;
    if (scheduled) {
      normal += 1;
      names.push(scheduled.activityType?.name ?? '?');
    }
  }
  return { workflowId, local, normal, names };
}
