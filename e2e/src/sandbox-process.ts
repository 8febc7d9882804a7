import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '@belegfluss/sandbox';

/**
 * The command, run ahead of the stack's own processes where the machine lets us (as root: nice −10).
 *
 * The services the sandbox stands in for run on their own machines: Lexware counts a request towards its rate
 * limit the moment it reaches Lexware. Here the sandbox shares two cores with Temporal, the workers and the
 * gateways. When they keep it off the CPU for a second, the requests that reached its socket in that second are
 * handled, and counted, all at once. That is a burst Lexware would never see: in the full-size scale-out bench
 * it made 20 (one worker) and 39 (two workers) of its 2,000 invoice calls meet the limit, and 0 with this
 * priority. What our own processes do late (a worker that stalls between taking its slot and sending) still
 * reaches the sandbox late and is still counted.
 */
function withPriority(file: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['nice', ['-n', '-10', file, ...args]] : [file, args];
}

/** A sandbox in a process of its own, reached through its URLs like the services it stands in for. */
export type SandboxProcess = Pick<RunningSandbox, 'urls' | 'stop'> & { pid: number };

/**
 * Starts the sandbox in its own process. A bench's own work (polling, counting, starting the load) then does not
 * hold up the stand-ins' front doors: Lexware counts its rate limit when a request reaches it, and a request
 * that waited in a busy bench process arrived late beside one that did not, as it would not at the real service.
 */
export async function startSandboxProcess(options: SandboxOptions): Promise<SandboxProcess> {
  const child = spawn(...withPriority(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)]), {
    env: { ...process.env, SANDBOX_PROCESS_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    void exited.then((code) => reject(new Error(`the sandbox process ended with ${code} before it was ready`)));
  });
  lines.close();
  child.stdout!.resume();
  const { urls } = JSON.parse(ready) as Pick<RunningSandbox, 'urls'>;
  return {
    urls,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sandbox = await startSandbox(JSON.parse(process.env.SANDBOX_PROCESS_OPTIONS ?? '{}') as SandboxOptions);
  process.stdout.write(`${JSON.stringify({ urls: sandbox.urls })}\n`);
  process.once('SIGTERM', () => void sandbox.stop().then(() => process.exit(0)));
}
