import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectLexware,
  createLexwareVoucher,
  seedDocument,
  seedOrder,
  startHarness,
  type Harness,
} from '../test/harness';
import { shopSmtpTable } from '@belegfluss/db/testing';

/**
 * Addresses a merchant gives (mail attachments, an own SMTP server) reach only public
 * servers, through the real HTTP stack. `files.shop.test` stands for a public file server (a `.test` name the
 * test harness pins to this machine); every redirect it answers points somewhere the gateway must not go.
 */
let h: Harness;
let files: http.Server;
let port = 0;
const hits: string[] = [];
const A = 'ssrf-a.myshopify.com';
const B = 'ssrf-b.myshopify.com';
let invoiceId = '';

const REDIRECTS: Record<string, (p: number) => string> = {
  '/to-loopback.pdf': (p) => `https://127.0.0.1:${p}/secret.pdf`,
  '/to-private.pdf': () => 'https://10.0.0.7/secret.pdf',
  '/to-metadata.pdf': () => 'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
  '/to-ipv6-loopback.pdf': (p) => `https://[::1]:${p}/secret.pdf`,
  '/to-mapped-loopback.pdf': (p) => `https://[::ffff:127.0.0.1]:${p}/secret.pdf`,
  '/to-localhost.pdf': (p) => `https://localhost:${p}/secret.pdf`,
  '/to-plain-http.pdf': () => 'http://example.com/agb.pdf',
};

beforeAll(async () => {
  files = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const target = REDIRECTS[req.url ?? ''];
    if (target) {
      res.writeHead(302, { Location: target(port) }).end();
      return;
    }
    if (req.url === '/agb.pdf' || req.url === '/secret.pdf') {
      res.writeHead(200, { 'Content-Type': 'application/pdf' }).end('%PDF-1.4 AGB');
      return;
    }
    if (req.url === '/notiz.pdf') {
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('geheim');
      return;
    }
    // Promises 11 MB and sends a few bytes: refused on the header, without waiting for the rest.
    if (req.url === '/riesig.pdf') {
      res
        .writeHead(200, { 'Content-Type': 'application/pdf', 'Content-Length': String(11 * 1024 * 1024) })
        .write('%PDF');
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  port = (files.address() as AddressInfo).port;
  h = await startHarness({ sandbox: true, smtp: true });
  await h.install(A, { plan_id: 'business' }); // sending by e-mail is a gated feature
  const lexware = await connectLexware(h, A);
  await seedOrder(h.db, A, { id: 7001, email: 'erika@example.de' });
  invoiceId = await createLexwareVoucher(h, lexware.access_token, { finalize: true });
  await seedDocument(h.db, A, { orderId: 7001, lexwareId: invoiceId, number: 'RE7001', status: 'open' });
});
afterAll(async () => {
  files?.closeAllConnections();
  files?.close();
  await h?.stop();
});

const send = (attachments: string[]) =>
  h.call(A, 'POST', '/api/orders/7001/invoice/email', {
    receipt: invoiceId,
    email: 'erika@example.de',
    copy: '',
    subject: 'Rechnung',
    message: 'Hallo',
    signature: '',
    attachments,
  });
const REFUSED =
  'Anhang konnte nicht geladen werden (Diese Adresse ist nicht erlaubt: nur öffentlich erreichbare Server)';

describe('mail attachments (POST /api/orders/{id}/invoice/email)', () => {
  it('fetches a public file, and refuses every redirect hop to loopback, private, link-local and metadata addresses', async () => {
    const url = (path: string) => `http://files.shop.test:${port}${path}`;
    const first = await send([
      url('/agb.pdf'),
      url('/to-loopback.pdf'),
      url('/to-private.pdf'),
      url('/to-metadata.pdf'),
      url('/to-ipv6-loopback.pdf'),
    ]);
    expect(first.status).toBe(200);
    expect(first.body.skippedAttachments).toEqual([
      { url: url('/to-loopback.pdf'), reason: REFUSED },
      { url: url('/to-private.pdf'), reason: REFUSED },
      { url: url('/to-metadata.pdf'), reason: REFUSED },
      { url: url('/to-ipv6-loopback.pdf'), reason: REFUSED },
    ]);
    const second = await send([
      url('/to-mapped-loopback.pdf'),
      url('/to-localhost.pdf'),
      url('/to-plain-http.pdf'),
      url('/notiz.pdf'),
      url('/riesig.pdf'),
    ]);
    expect(second.body.skippedAttachments).toEqual([
      { url: url('/to-mapped-loopback.pdf'), reason: REFUSED },
      { url: url('/to-localhost.pdf'), reason: REFUSED },
      {
        url: url('/to-plain-http.pdf'),
        reason: 'Anhang konnte nicht geladen werden (nur https-Adressen sind erlaubt)',
      },
      { url: url('/notiz.pdf'), reason: 'Anhang konnte nicht geladen werden (Dateityp text/plain ist nicht erlaubt)' },
      { url: url('/riesig.pdf'), reason: 'Anhang konnte nicht geladen werden (größer als 10 MB)' },
    ]);
    // Not one request reached the target behind a redirect.
    expect(hits).not.toContain('/secret.pdf');
    const mails = (await (await fetch(`${h.sandbox!.urls.control}/control/mail`)).json()) as {
      attachments: { filename: string }[];
    }[];
    expect(mails.flatMap((m) => m.attachments.map((a) => a.filename)).filter((f) => !f.startsWith('RE'))).toEqual([
      'agb.pdf',
    ]);
  });

  it('refuses plain http and internal addresses given directly, with one reason for closed and open ports', async () => {
    const res = await send([
      'http://example.com/agb.pdf',
      'https://127.0.0.1:1/a.pdf',
      `https://127.0.0.1:${port}/a.pdf`,
      'https://169.254.169.254/a.pdf',
    ]);
    expect(res.body.skippedAttachments.map((s: { reason: string }) => s.reason)).toEqual([
      'Anhang konnte nicht geladen werden (nur https-Adressen sind erlaubt)',
      REFUSED,
      REFUSED,
      REFUSED,
    ]);
  });
});

describe('the own SMTP sender check (POST /api/shop/smtp/validate)', () => {
  const form = {
    port: 587,
    encryption: 'TLS',
    user: 'laden',
    pass: 'geheim',
    email: 'rechnung@laden.de',
    name: 'Laden',
  };

  it('refuses internal addresses and unusual ports before connecting, saving nothing', async () => {
    await h.install(B);
    for (const [change, field, message] of [
      [{ host: '127.0.0.1' }, 'host', 'Diese Adresse ist nicht erlaubt: nur öffentlich erreichbare Server'],
      [{ host: '10.1.2.3' }, 'host', 'Diese Adresse ist nicht erlaubt: nur öffentlich erreichbare Server'],
      [
        { host: '169.254.169.254', port: 25 },
        'host',
        'Diese Adresse ist nicht erlaubt: nur öffentlich erreichbare Server',
      ],
      [{ host: 'localhost', port: 465 }, 'host', 'Diese Adresse ist nicht erlaubt: nur öffentlich erreichbare Server'],
      [{ host: 'mail.example.com', port: 22 }, 'port', 'Nur die üblichen SMTP-Ports sind erlaubt: 25, 465, 587, 2525'],
    ] as const) {
      const res = await h.call(B, 'POST', '/api/shop/smtp/validate', { ...form, ...change });
      expect(res, JSON.stringify(change)).toMatchObject({ status: 400, body: { error: 'VALIDATION', field, message } });
    }
    expect(await shopSmtpTable.list(h.db, { shopId: B })).toHaveLength(0);
  });

  it('allows a few checks per shop, then answers 429 with Retry-After', async () => {
    // The five checks above used B's allowance; another shop still has its own.
    const limited = await h.call(B, 'POST', '/api/shop/smtp/validate', { ...form, host: '127.0.0.1' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      error: 'TOO_MANY_REQUESTS',
      message: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.',
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await h.call(A, 'POST', '/api/shop/smtp/validate', { ...form, host: '10.0.0.1' })).status).toBe(400);
  });
});
