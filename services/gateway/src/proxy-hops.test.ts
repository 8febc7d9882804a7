import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from './main';
import { readGatewayOptions } from './config';
import { RATE_LIMITS } from './rate-limit';
import { startHarness, type Harness } from '../test/harness';

/**
 * The per-address limits key on the client's address, read from X-Forwarded-For as far as our own
 * proxies wrote it (TRUSTED_PROXY_HOPS). Document guesses stand in for every such limit.
 */
let h: Harness;
type Gateway = Awaited<ReturnType<typeof startGateway>>;
const gateways: Gateway[] = [];
const gatewayWith = async (hops: string) => {
  const gw = await startGateway(h.settings, 0, readGatewayOptions({ TRUSTED_PROXY_HOPS: hops }));
  gateways.push(gw);
  return gw.url;
};

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  for (const gw of gateways) await gw.close();
  await h?.stop();
});

/** Guesses a document link `times` times as the request `forwarded` says; the statuses answered. */
async function guess(url: string, forwarded: string, times = 1): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++)
    statuses.push(
      (await fetch(`${url}/documents/${'z'.repeat(32)}`, { headers: { 'X-Forwarded-For': forwarded } })).status,
    );
  return statuses;
}
/** Uses up one client's allowance of misses, each answered 404. */
async function exhaust(url: string, forwarded: string): Promise<void> {
  const statuses = await guess(url, forwarded, RATE_LIMITS.documentMisses.points);
  expect(statuses.every((s) => s === 404)).toBe(true);
}

describe('the client address behind proxies', () => {
  it('without proxies ignores X-Forwarded-For, so a client changing it stays one client', async () => {
    const direct = await gatewayWith('0');
    await exhaust(direct, '198.51.100.1');
    expect(await guess(direct, '198.51.100.2')).toEqual([429]);
    expect(await guess(direct, '198.51.100.3, 198.51.100.4')).toEqual([429]);
  });

  it('behind one proxy keys on the address it appended, whatever the client wrote before it', async () => {
    const behindNginx = await gatewayWith('1');
    await exhaust(behindNginx, '203.0.113.9, 198.51.100.10');
    expect(await guess(behindNginx, 'anything, 198.51.100.10')).toEqual([429]);
    expect(await guess(behindNginx, '198.51.100.11')).toEqual([404]);
    expect(await guess(behindNginx, '198.51.100.10, 198.51.100.12')).toEqual([404]);
  });

  it('by default counts the TLS proxy and the shell nginx: clients behind the TLS proxy are told apart', async () => {
    expect(readGatewayOptions({}).trustedProxyHops).toBe(2);
    const tlsProxy = '192.0.2.254';
    await exhaust(h.url, `198.51.100.20, ${tlsProxy}`);
    expect(await guess(h.url, `forged, 198.51.100.20, ${tlsProxy}`)).toEqual([429]);
    expect(await guess(h.url, `198.51.100.21, ${tlsProxy}`)).toEqual([404]);
  });

  it('refuses a setting that is no count at start', () => {
    for (const value of ['-1', 'zwei', '1.5', '11'])
      expect(() => readGatewayOptions({ TRUSTED_PROXY_HOPS: value }), value).toThrow(
        /TRUSTED_PROXY_HOPS muss eine ganze Zahl von 0 bis 10 sein/,
      );
  });
});
