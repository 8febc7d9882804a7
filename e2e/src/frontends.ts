import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { freePort } from './ports';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch { /* not up yet */ }
    if (Date.now() > until) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The built shell and remotes, each served by its own preview server on a free
 * port, exactly as they deploy: the shell finds the remotes through config.json.
 */
export async function serveFrontends(opts: { gatewayUrl: string; sandboxUrl: string }) {
  const ports = { shell: await freePort(), preferences: await freePort(), partner: await freePort(), admin: await freePort() };
  const children: ChildProcess[] = [];
  const env = {
    ...process.env,
    GATEWAY_URL: opts.gatewayUrl,
    SANDBOX_URL: opts.sandboxUrl,
    SHELL_REMOTE_PREFERENCES: `http://127.0.0.1:${ports.preferences}/mf-manifest.json`,
    SHELL_REMOTE_PARTNER: `http://127.0.0.1:${ports.partner}/mf-manifest.json`,
    SHELL_REMOTE_ADMIN: `http://127.0.0.1:${ports.admin}/mf-manifest.json`,
  };
  for (const [app, port] of Object.entries(ports)) {
    const child = spawn(`${root}/node_modules/.bin/rsbuild`, ['preview'], {
      cwd: `${root}/frontends/${app}`, env: { ...env, PORT: String(port) }, stdio: 'ignore', detached: true,
    });
    children.push(child);
  }
  const urls = Object.fromEntries(Object.entries(ports).map(([app, port]) => [app, `http://127.0.0.1:${port}`])) as Record<keyof typeof ports, string>;
  await Promise.all([waitForHttp(`${urls.shell}/config.json`), ...(['preferences', 'partner', 'admin'] as const).map((r) => waitForHttp(`${urls[r]}/mf-manifest.json`))]);
  return {
    urls,
    /** Stops one remote, to see how the shell copes when it is down. */
    stopRemote(app: 'preferences' | 'partner' | 'admin') {
      const i = Object.keys(ports).indexOf(app);
      const child = children[i];
      if (child?.pid) process.kill(-child.pid, 'SIGTERM');
    },
    async stop() {
      for (const child of children) {
        try { if (child.pid) process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
      }
    },
  };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export const screenshotDir = `${root}/.data/screenshots`;
