import { describe, expect, it } from 'vitest';
import {
  queryHmac,
  signSessionToken,
  signWebhook,
  verifyQueryHmac,
  verifySessionToken,
  verifyWebhookHmac,
} from './index';

const opts = { apiKey: 'key', apiSecret: 'secret' };

describe('Shopify signatures', () => {
  it('verifies webhook HMACs over the raw body', () => {
    const body = '{"id":1}';
    expect(verifyWebhookHmac(body, signWebhook(body, 'secret'), 'secret')).toBe(true);
    expect(verifyWebhookHmac(body + ' ', signWebhook(body, 'secret'), 'secret')).toBe(false);
    expect(verifyWebhookHmac(body, undefined, 'secret')).toBe(false);
  });

  it('verifies install-link HMACs over the sorted query', () => {
    const q = { shop: 'a.myshopify.com', timestamp: '1700000000' };
    const signed = { ...q, hmac: queryHmac(q, 'secret') };
    expect(verifyQueryHmac(signed, 'secret')).toBe(true);
    expect(verifyQueryHmac({ ...signed, shop: 'b.myshopify.com' }, 'secret')).toBe(false);
  });

  it('takes the shop from a valid session token and rejects a foreign audience or an expired one', async () => {
    const token = await signSessionToken('a.myshopify.com', opts);
    await expect(verifySessionToken(token, opts)).resolves.toMatchObject({ shop: 'a.myshopify.com' });
    await expect(verifySessionToken(token, { ...opts, apiKey: 'other' })).rejects.toThrow();
    const expired = await signSessionToken('a.myshopify.com', { ...opts, ttlSeconds: -30 });
    await expect(verifySessionToken(expired, opts)).rejects.toThrow();
  });
});
