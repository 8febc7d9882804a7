import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { waitForHttp } from './frontends';
import { freePort } from './ports';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const APPS = ['shell', 'preferences', 'partner', 'admin'] as const;
/**
 * Debian's brotli_static (libnginx-mod-http-brotli-static, installed with nginx by scripts/lib.sh), which the
 * production image loads too. Without it the front ends' configuration is served without its brotli_static line.
 */
export const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
export type FrontendApp = (typeof APPS)[number];

/**
 * nginx in the foreground with its prefix, pid, logs and temporary files in `dir` (no root-owned defaults), and
 * `http` as the body of its http block. The configuration is tested before it starts.
 */
export async function startNginx(dir: string, http: string, errorLevel = 'warn'): Promise<ChildProcess> {
  await mkdir(join(dir, 'logs'));
  const conf = join(dir, 'nginx.conf');
  const brotli = existsSync(BROTLI_STATIC_MODULE) ? `load_module ${BROTLI_STATIC_MODULE};\n` : '';
  await writeFile(
    conf,
    `${brotli}daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log ${errorLevel};
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
${http}
}
`,
  );
  await run(NGINX, ['-t', '-p', dir, '-c', conf]);
  return spawn(NGINX, ['-p', dir, '-c', conf], { stdio: 'ignore' });
}

/**
 * The four built front ends as the production images serve them: each dist copied to its own html
 * root, deploy/frontend-entrypoint.sh run on it with the container's environment, and
 * deploy/nginx.conf.template with ${GATEWAY_URL} filled (as the nginx image does) — only the
 * listen port and root differ, so each app has its own origin.
 */
export async function serveWithNginx(opts: {
  gatewayUrl: string;
  env: (urls: Record<FrontendApp, string>) => Record<string, string>;
}) {
  const dir = await mkdtemp(join(tmpdir(), 'belegfluss-nginx-'));
  await chmod(dir, 0o755); // nginx's workers run as another user when the master is root
  const ports = Object.fromEntries(
    await Promise.all(APPS.map(async (app) => [app, await freePort()] as const)),
  ) as Record<FrontendApp, number>;
  const urls = Object.fromEntries(APPS.map((app) => [app, `http://127.0.0.1:${ports[app]}`])) as Record<
    FrontendApp,
    string
  >;
  const template = await readFile(`${root}/deploy/nginx.conf.template`, 'utf8');
  const servers: string[] = [];
  const entrypointOutput: string[] = [];
  for (const app of APPS) {
    const html = join(dir, app);
    await cp(`${root}/frontends/${app}/dist`, html, { recursive: true });
    const { stdout } = await run('sh', [`${root}/deploy/frontend-entrypoint.sh`], {
      env: { PATH: process.env.PATH, APP: app, HTML_ROOT: html, ...opts.env(urls) },
    });
    entrypointOutput.push(stdout);
    let server = template
      .replaceAll('${GATEWAY_URL}', opts.gatewayUrl)
      .replace('listen 80;', `listen 127.0.0.1:${ports[app]};`)
      .replace('root /usr/share/nginx/html;', `root ${html};`);
    if (server === template || !server.includes(`root ${html};`))
      throw new Error('deploy/nginx.conf.template changed shape: listen/root not found');
    if (!existsSync(BROTLI_STATIC_MODULE)) {
      console.warn(`${BROTLI_STATIC_MODULE} fehlt: die Frontends laufen ohne brotli_static (nur gzip)`);
      server = server.replace(/^\s*brotli_static on;\n/m, '');
    }
    servers.push(server);
  }
  const child = await startNginx(
    dir,
    `include /etc/nginx/mime.types;
${servers.join('\n')}`,
  );
  for (const app of APPS) await waitForHttp(`${urls[app]}/healthz`);
  return {
    urls,
    dir,
    entrypointOutput,
    async stop() {
      child.kill('SIGQUIT');
      await new Promise((r) => child.once('exit', r));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
