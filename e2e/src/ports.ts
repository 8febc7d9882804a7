import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * A free port held until `release()`: a stack must name the gateway's port (the sandbox sends its
 * webhooks there) long before the gateway binds it, and a port only looked up stays free for anyone
 * else in between; on a busy machine another test's server took it.
 */
export async function reservePort(): Promise<{ port: number; release(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '0.0.0.0', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.unref(); // a stack that fails before the gateway starts must not keep the process alive
      resolve({ port, release: () => new Promise<void>((done) => s.close(() => done())) });
    });
  });
}
