import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEV_DEFAULTS } from '@belegfluss/shared/config';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs a service entry point as the image does (tsx, NODE_ENV=production) and returns how it ended. */
function run(entry: string, env: Record<string, string | undefined>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `${root}/${entry}`], {
      cwd: root,
      // An unreachable database and Temporal: the check must come before any connection.
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', TEMPORAL_ADDRESS: '127.0.0.1:1', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
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
