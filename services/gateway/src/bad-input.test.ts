import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '@belegfluss/shopify';
import { OAUTH_STATES_PER_SHOP } from '@belegfluss/db';
import { startGateway } from './main';
import { readGatewayOptions } from './config';
import { RATE_LIMITS } from './rate-limit';
import { seedDocument, seedOrder, startHarness, type Harness } from '../test/harness';
import { oauthStatesTable, shopSmtpTable, webhookInboxTable } from '@belegfluss/db/testing';

/** Bad or abusive input gets a German 4xx, through the real HTTP stack. */
let h: Harness;
const A = 'eingaben-a.myshopify.com';
const NEVER = 'nie-installiert.myshopify.com';

beforeAll(async () => {
  h = await startHarness();
  await h.install(A);
});
afterAll(async () => h?.stop());

/** A POST that promises `declared` bytes and sends only `sent`: the answer must not wait for the rest. */
function promiseMore(
  path: string,
  declared: number,
  sent: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${h.url}${path}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(declared), ...headers },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => {
          body += c.toString();
        });
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      },
    );
    req.on('error', reject);
    req.write(sent);
  });
}

describe('webhook bodies', () => {
  it('answers 413 at once when Content-Length is over the limit (10 MB Shopify, 1 MB Lexware)', async () => {
    const shopify = await promiseMore('/webhooks/shopify', 10 * 1024 * 1024 + 1, '{"id": 1}', {
      'X-Shopify-Topic': 'orders/paid',
      'X-Shopify-Shop-Domain': A,
    });
    expect(shopify.status).toBe(413);
    expect(JSON.parse(shopify.body)).toEqual({
      error: 'TOO_LARGE',
      message: 'Die Anfrage ist zu groß (höchstens 10 MB).',
    });
    const lexware = await promiseMore('/webhooks/lexoffice', 1024 * 1024 + 1, '{}');
    expect(lexware.status).toBe(413);
    expect(JSON.parse(lexware.body).message).toBe('Die Anfrage ist zu groß (höchstens 1 MB).');
  });

  it('answers 413 for a body that turns out too large without announcing it', async () => {
    const big = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(`{"x":"${'a'.repeat(1024 * 1024)}"}`));
        c.close();
      },
    });
    const res = await fetch(`${h.url}/webhooks/lexoffice`, {
      method: 'POST',
      body: big,
      duplex: 'half',
      headers: { 'Content-Type': 'application/json' },
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('answers 400 to a signed Shopify webhook whose body is null, a number or a list', async () => {
    for (const raw of ['null', '42', '[]']) {
      const res = await fetch(`${h.url}/webhooks/shopify`, {
        method: 'POST',
        body: raw,
        headers: {
          'Content-Type': 'application/json',
          'X-Shopify-Topic': 'orders/paid',
          'X-Shopify-Shop-Domain': A,
          'X-Shopify-Hmac-Sha256': signWebhook(raw, h.settings.shopify.apiSecret),
        },
      });
      expect(res.status, raw).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe('Der Webhook enthält kein gültiges JSON');
    }
    expect(await webhookInboxTable.list(h.db, { shopId: A })).toHaveLength(0);
  });
});

describe('a shop with a valid session that never installed the app', () => {
  it('gets a German 404 from the four routes that write its rows, and no SMTP connection is made', async () => {
    const smtp = {
      host: 'smtp.sandbox.test',
      port: 2525,
      encryption: 'TLS',
      user: 'x',
      pass: 'y',
      email: 'a@laden.de',
      name: 'Laden',
    };
    for (const [method, path, body] of [
      ['POST', '/api/lexoffice/signup', { email: 'a@laden.de', acceptTerms: true }],
      ['POST', '/api/help/contact', { subject: 'Hallo', message: 'Frage' }],
      ['PATCH', '/api/shop/smtp', smtp],
      ['POST', '/api/shop/smtp/validate', smtp],
    ] as const) {
      const res = await h.call(NEVER, method, path, body);
      expect(res, path).toMatchObject({
        status: 404,
        body: { error: 'NOT_FOUND', message: 'Dieser Shop ist nicht installiert.' },
      });
    }
    expect(await shopSmtpTable.list(h.db, { shopId: NEVER })).toHaveLength(0);
  });
});

describe('paths and methods no route knows', () => {
  it('answer German JSON', async () => {
    for (const path of ['/gibt/es/nicht', '/api/orders/1/2/3/4', '/webhooks/unbekannt']) {
      const res = await h.call(A, 'GET', path);
      expect(res, path).toMatchObject({
        status: 404,
        body: { error: 'NOT_FOUND', message: 'Diese Adresse gibt es nicht.' },
      });
    }
    const wrongMethod = await fetch(`${h.url}/webhooks/shopify`, { method: 'PUT' });
    expect(wrongMethod.status).toBe(405);
    expect(await wrongMethod.json()).toEqual({
      error: 'METHOD_NOT_ALLOWED',
      message: 'Diese Methode ist hier nicht erlaubt.',
    });
  });
});

describe('GET /api/auth?shop= without a login', () => {
  it('keeps only a few open states per shop and limits starts per address', async () => {
    const start = (ip: string) =>
      fetch(`${h.url}/api/auth?shop=${A}`, { redirect: 'manual', headers: { 'X-Forwarded-For': ip } });
    const answers: number[] = [];
    for (let i = 0; i < RATE_LIMITS.install.points + 1; i++) answers.push((await start('203.0.113.7')).status);
    expect(answers.slice(0, -1).every((s) => s === 302)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    expect((await start('203.0.113.8')).status).toBe(302);
    expect(await oauthStatesTable.list(h.db, { shopId: A, provider: 'shopify' })).toHaveLength(OAUTH_STATES_PER_SHOP);
  });
});

describe('two gateway processes on one database', () => {
  it('share each rate limit: install starts, document guesses and SMTP checks', async () => {
    const second = await startGateway(h.settings, 0, readGatewayOptions({}));
    try {
      const urls = [h.url, second.url];
      // Install starts of one address, alternating between the two: together they allow the limit once.
      const starts: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.install.points; i++) {
        starts.push(
          (
            await fetch(`${urls[i % 2]}/api/auth?shop=${A}`, {
              redirect: 'manual',
              headers: { 'X-Forwarded-For': '203.0.113.50' },
            })
          ).status,
        );
      }
      expect(starts.filter((s) => s === 302)).toHaveLength(RATE_LIMITS.install.points);
      expect(starts.at(-1)).toBe(429);
      // Document guesses: the misses counted by one gateway lock the address out of the other.
      for (let i = 0; i < RATE_LIMITS.documentMisses.points; i++) {
        expect(
          (
            await fetch(`${urls[i % 2]}/documents/${'y'.repeat(32)}`, {
              headers: { 'X-Forwarded-For': '198.51.100.50' },
            })
          ).status,
        ).toBe(404);
      }
      for (const url of urls)
        expect(
          (await fetch(`${url}/documents/${'y'.repeat(32)}`, { headers: { 'X-Forwarded-For': '198.51.100.50' } }))
            .status,
        ).toBe(429);
      // SMTP checks per shop: a private address is refused before any connection, but the check counts.
      const smtp = {
        host: '10.0.0.1',
        port: 587,
        encryption: 'TLS',
        user: 'x',
        pass: 'y',
        email: 'a@laden.de',
        name: 'Laden',
      };
      const check = async (url: string) =>
        (
          await fetch(`${url}/api/shop/smtp/validate`, {
            method: 'POST',
            body: JSON.stringify(smtp),
            headers: { Authorization: `Bearer ${await h.token(A)}`, 'Content-Type': 'application/json' },
          })
        ).status;
      const checks: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.smtpCheck.points; i++) checks.push(await check(urls[i % 2]!));
      expect(checks.slice(0, -1).every((s) => s === 400)).toBe(true);
      expect(checks.at(-1)).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('document links /documents/{token}', () => {
  it('answer with nosniff, and limit guesses per address', async () => {
    const guess = (ip: string) => fetch(`${h.url}/documents/${'x'.repeat(32)}`, { headers: { 'X-Forwarded-For': ip } });
    const first = await guess('198.51.100.1');
    expect(first.status).toBe(404);
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    for (let i = 1; i < RATE_LIMITS.documentMisses.points; i++) expect((await guess('198.51.100.1')).status).toBe(404);
    const limited = await guess('198.51.100.1');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { error: string }).error).toBe('TOO_MANY_REQUESTS');
    expect((await guess('198.51.100.2')).status).toBe(404);
  });

  it('stop working after app/uninstalled and after shop/redact', async () => {
    const shop = 'links-weg.myshopify.com';
    await h.install(shop);
    await seedOrder(h.db, shop, { id: 8101 });
    const token = await seedDocument(h.db, shop, { orderId: 8101, status: 'draft' });
    // A draft answers 409 while the shop has the app: the link itself is still good.
    const open = (ip: string) => fetch(`${h.url}/documents/${token}`, { headers: { 'X-Forwarded-For': ip } });
    expect((await open('192.0.2.1')).status).toBe(409);
    expect((await h.webhook('app/uninstalled', shop, { id: 1, domain: shop, myshopify_domain: shop })).status).toBe(
      200,
    );
    await expect.poll(async () => (await open('192.0.2.1')).status, { timeout: 10_000 }).toBe(404);
    await h.install(shop); // reinstalled: the links work again
    expect((await open('192.0.2.2')).status).toBe(409);
    expect((await h.webhook('shop/redact', shop, { shop_id: 1, shop_domain: shop })).status).toBe(200);
    await expect.poll(async () => (await open('192.0.2.3')).status, { timeout: 10_000 }).toBe(404);
  });
});
