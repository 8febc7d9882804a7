import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports';

const run = promisify(execFile);

/**
 * A PostgreSQL server of one test's own, in a temporary directory on a free port, so the test can
 * restart it like a crashed database host without disturbing the other test files that share the
 * machine's server. It runs the same version as the machine's server (Debian's binaries); as root,
 * the server runs as the `postgres` user, as PostgreSQL insists.
 */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:{port}/postgres`, for createTestDatabase / startStack. */
  url: string;
  /** A fast restart: every connection is cut, and the server is back when this resolves. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function binaries(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('Keine PostgreSQL-Programme unter /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binaries();
  const dir = mkdtempSync(join(tmpdir(), 'belegfluss-pg-'));
  const data = join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
    chmodSync(dir, 0o700);
  }
  const pg = async (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', `${bin}/${tool}`, ...args]) : run(`${bin}/${tool}`, args);
  await pg('initdb', ['-D', data, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  await pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      await pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-m', 'fast', '-w', 'restart']);
    },
    async stop() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
