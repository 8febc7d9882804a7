import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';

export interface Listening {
  server: http.Server;
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Port 0 picks a free port; the caller learns the real one from `url`, which tests rely on. */
export async function listen(app: Koa, port: number, host = '127.0.0.1'): Promise<Listening> {
  const handler = app.callback();
  const server = http.createServer((req, res) => void handler(req, res));
  // Webhook senders keep connections alive; without this, close() would wait for them.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    port: actual,
    url: `http://${host}:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
