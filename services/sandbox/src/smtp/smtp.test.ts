import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index.js';
import { json, startTestSandbox } from '../test-support.js';
import type { CaughtMail } from './types.js';

let sb: RunningSandbox;

beforeAll(async () => {
  sb = await startTestSandbox({ smtp: { auth: { user: 'shop@example.com', pass: 'geheim' } } });
});
afterAll(() => sb.stop());

const transport = (opts: { secure: boolean; pass?: string; ignoreTLS?: boolean }) =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port: opts.secure ? sb.urls.smtp!.securePort : sb.urls.smtp!.port,
    secure: opts.secure,
    ignoreTLS: opts.ignoreTLS,
    auth: { user: 'shop@example.com', pass: opts.pass ?? 'geheim' },
    tls: { rejectUnauthorized: false },
  });

describe('SMTP', () => {
  it('accepts mail over STARTTLS and implicit TLS, with attachments, and lists it', async () => {
    for (const secure of [false, true]) {
      await transport({ secure }).sendMail({
        from: 'Shop <shop@example.com>',
        to: 'kunde@example.com',
        subject: `Ihre Rechnung RE0001 (${secure ? 'TLS' : 'STARTTLS'})`,
        text: 'Guten Tag, anbei Ihre Rechnung.',
        attachments: [
          { filename: 'Rechnung_RE0001.pdf', content: Buffer.from('%PDF-1.3 test'), contentType: 'application/pdf' },
        ],
      });
    }
    const list = await json<CaughtMail[]>(await fetch(`${sb.urls.control}/control/mail?to=kunde@example.com`));
    expect(list).toHaveLength(2);
    expect(list.every((m) => m.secure)).toBe(true);
    expect(list[0]!.attachments[0]).toMatchObject({ filename: 'Rechnung_RE0001.pdf', contentType: 'application/pdf' });
    const full = await json<CaughtMail>(await fetch(`${sb.urls.control}/control/mail/${list[0]!.id}`));
    expect(Buffer.from(full.attachments[0]!.content, 'base64').toString()).toBe('%PDF-1.3 test');
    expect(full.authUser).toBe('shop@example.com');
  });

  it('refuses wrong credentials, and AUTH without TLS when TLS is required', async () => {
    await expect(transport({ secure: false, pass: 'falsch' }).verify()).rejects.toThrow(/535|Invalid login/i);
    await fetch(`${sb.urls.control}/control/mail/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ requireTls: true }),
    });
    await expect(transport({ secure: false, ignoreTLS: true }).verify()).rejects.toThrow(/538|Encryption/i);
    await expect(transport({ secure: false }).verify()).resolves.toBe(true);
  });
});
