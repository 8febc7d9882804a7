import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNginx } from './nginx';

/**
 * nginx in front of several gateway processes, as a load balancer of a scaled-out installation is: one address
 * (the app's URL, where Shopify and the sandbox send their webhooks) spread round-robin over every gateway. A
 * gateway that is down is skipped (connection refused: the request was never sent, so even a POST is safe to
 * pass on); one that dies in the middle of a request answers 502, and Shopify delivers that webhook again.
 */
export async function startBalancer(port: number, upstreamPorts: number[]) {
  const dir = await mkdtemp(join(tmpdir(), 'belegfluss-balancer-'));
  await chmod(dir, 0o755); // nginx's workers run as another user when the master is root
  const child = await startNginx(
    dir,
    `upstream gateways {
${upstreamPorts.map((p) => `  server 127.0.0.1:${p} max_fails=0;`).join('\n')}
  keepalive 32;
}
server {
  listen 127.0.0.1:${port};
  client_max_body_size 5m;
  location / {
    proxy_pass http://gateways;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_next_upstream error timeout;
    proxy_connect_timeout 2s;
  }
}`,
    'crit',
  );
  return {
    async stop() {
      child.kill('SIGQUIT');
      await new Promise((r) => child.once('exit', r));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
