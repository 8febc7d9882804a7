import { describe, expect, it, vi } from 'vitest';
import { jwtExpiry, readShopChoice, sandboxTokenSource, TOKEN_REFRESH_MARGIN_MS } from './session';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (exp: number) => `${b64({ alg: 'HS256' })}.${b64({ dest: 'demo.myshopify.com', exp })}.signature`;

describe('sandbox session tokens', () => {
  it('asks the sandbox for a token of the chosen shop and reuses it while it is fresh', async () => {
    let now = 1_000_000_000_000;
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ token: jwt(now / 1000 + 60) })));
    const source = sandboxTokenSource('/sandbox', 'demo.myshopify.com', { fetchImpl, now: () => now });

    const [first, second] = await Promise.all([source.getToken(), source.getToken()]);
    expect(first).toBe(second);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]).toEqual([
      '/sandbox/control/session-token?shop=demo.myshopify.com',
      expect.anything(),
    ]);

    now += 60_000 - TOKEN_REFRESH_MARGIN_MS - 1_000;
    await source.getToken();
    expect(fetchImpl).toHaveBeenCalledTimes(1);

    // Inside the margin before expiry: a new token, before the old one runs out.
    now += 2_000;
    await source.getToken();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('says in German when the sandbox refuses', async () => {
    const source = sandboxTokenSource('/sandbox', 'nope.myshopify.com', {
      fetchImpl: async () => new Response('', { status: 404 }),
    });
    await expect(source.getToken()).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('kein Sitzungstoken'),
    });
  });

  it('reads exp from a JWT', () => {
    expect(jwtExpiry(jwt(1234))).toBe(1234);
    expect(jwtExpiry('kein.token')).toBeUndefined();
  });
});

describe('shop choice', () => {
  it('prefers ?shop= and remembers it; falls back to the remembered shop', () => {
    window.history.replaceState(null, '', '/home?shop=a.myshopify.com');
    expect(readShopChoice()).toBe('a.myshopify.com');
    window.history.replaceState(null, '', '/home');
    expect(readShopChoice()).toBe('a.myshopify.com');
  });
});
