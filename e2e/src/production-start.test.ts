import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_DEFAULTS } from '@belegfluss/shared/config';
import { freePort } from './ports';
import { startStack, workerEnv, type Stack } from './stack';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Production refuses to start without an Impressum; these tests look at the other checks. */
const IMPRINT = {
  IMPRINT_NAME: 'Belegfluss GmbH',
  IMPRINT_ADDRESS: 'Musterstraße 1\\n10115 Berlin',
  IMPRINT_EMAIL: 'kontakt@belegfluss.de',
};

/** Runs a service entry point as the image does (tsx, NODE_ENV=production) and returns how it ended. */
function run(entry: string, env: Record<string, string | undefined>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `${root}/${entry}`], {
      cwd: root,
      // An unreachable database and Temporal: the check must come before any connection.
      env: {
        ...process.env,
        ...IMPRINT,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        TEMPORAL_ADDRESS: '127.0.0.1:1',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('production start without ENCRYPTION_KEY', () => {
  for (const entry of ['services/gateway/src/main.ts', 'services/workflows/src/worker.ts']) {
    it(`${entry} refuses to start without a key, and with the development key`, async () => {
      const missing = await run(entry, { ENCRYPTION_KEY: undefined });
      expect(missing.code).not.toBe(0);
      expect(missing.stderr).toContain('ENCRYPTION_KEY fehlt');
      const dev = await run(entry, { ENCRYPTION_KEY: DEV_DEFAULTS.encryptionKey });
      expect(dev.code).not.toBe(0);
      expect(dev.stderr).toContain('Entwicklungsschlüssel');
    }, 60_000);
  }
});

describe('production start without SHOPIFY_API_SECRET', () => {
  // Outside docker-compose (which insists on it) nothing else stops a start with the secret from the code.
  for (const entry of ['services/gateway/src/main.ts', 'services/workflows/src/worker.ts']) {
    it(`${entry} refuses to start without the app's secret, and with the development secret`, async () => {
      const key = { ENCRYPTION_KEY: randomBytes(32).toString('base64') };
      const missing = await run(entry, { ...key, SHOPIFY_API_SECRET: undefined });
      expect(missing.code).not.toBe(0);
      expect(missing.stderr).toContain('SHOPIFY_API_SECRET fehlt');
      const dev = await run(entry, { ...key, SHOPIFY_API_SECRET: DEV_DEFAULTS.shopifyApiSecret });
      expect(dev.code).not.toBe(0);
      expect(dev.stderr).toContain('SHOPIFY_API_SECRET ist das Entwicklungs-Secret');
    }, 60_000);
  }
});

/** Gateway and worker as the images run them: healthy once up, and a clean exit (code 0) on SIGTERM. */
describe('health checks and graceful shutdown', () => {
  let stack: Stack | undefined;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await stack?.stop();
  });

  const start = (entry: string, env: NodeJS.ProcessEnv) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `${root}/${entry}`], {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...env,
        ...IMPRINT,
        NODE_ENV: 'production',
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        SHOPIFY_API_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'silent',
      },
    });
    children.push(child);
    return child;
  };
  const healthy = async (url: string) => {
    await expect
      .poll(async () => (await fetch(url).catch(() => undefined))?.status, { timeout: 60_000, interval: 250 })
      .toBe(200);
  };
  const exitOnSigterm = async (child: ChildProcess) => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  };

  it('the gateway answers /healthz once its database does, and exits cleanly on SIGTERM', async () => {
    stack = await startStack({ worker: false });
    const port = await freePort();
    const gateway = start('services/gateway/src/main.ts', { ...workerEnv(stack.settings), PORT: String(port) });
    await healthy(`http://127.0.0.1:${port}/healthz`);
    await exitOnSigterm(gateway);
  }, 120_000);

  it('the worker answers on HEALTH_PORT while it polls, and exits cleanly on SIGTERM', async () => {
    stack ??= await startStack({ worker: false });
    const port = await freePort();
    const worker = start('services/workflows/src/worker.ts', {
      ...workerEnv(stack.settings),
      HEALTH_PORT: String(port),
    });
    await healthy(`http://127.0.0.1:${port}/`);
    await exitOnSigterm(worker);
  }, 120_000);
});
