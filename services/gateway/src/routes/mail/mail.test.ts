import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  connectLexware,
  createLexwareVoucher,
  seedDocument,
  seedOrder,
  startHarness,
  type Harness,
} from '../../../test/harness';
import {
  documentsTable,
  eventLogTable,
  helpRequestsTable,
  mailSendsTable,
  shopSmtpTable,
} from '@belegfluss/db/testing';
import { createRateLimits, RATE_LIMITS } from '../../rate-limit';

let h: Harness;
const A = 'mail-a.myshopify.com';
let invoiceId: string;
let draftId: string;
let lexwareToken: string;

interface Caught {
  id: string;
  subject: string;
  envelope: { to: string[] };
  from: string;
  authUser: string | null;
  attachments: { filename: string; contentType: string }[];
}
const control = (path: string, init: RequestInit = {}) =>
  fetch(`${h.sandbox!.urls.control}${path}`, { ...init, headers: { 'Content-Type': 'application/json' } });
const caught = async () => (await (await control('/control/mail')).json()) as Caught[];
const smtp = () => h.sandbox!.urls.smtp!;
const dialog = {
  receipt: '',
  email: 'erika@example.de',
  copy: 'buch@laden.de',
  subject: 'Deine Rechnung',
  message: 'Hallo Erika,\nanbei die Rechnung.',
  signature: 'Laden',
  attachments: [] as string[],
};

beforeAll(async () => {
  h = await startHarness({ sandbox: true, smtp: true });
  await h.install(A, { plan_id: 'business' }); // every gated feature of the plan table is open
  const lexware = await connectLexware(h, A);
  lexwareToken = lexware.access_token;
  await seedOrder(h.db, A, { id: 5001, name: '#5001', email: 'erika@example.de' });
  invoiceId = await createLexwareVoucher(h, lexware.access_token, { finalize: true });
  draftId = await createLexwareVoucher(h, lexware.access_token, { finalize: false });
  await seedDocument(h.db, A, { orderId: 5001, lexwareId: invoiceId, number: 'RE5001', status: 'open' });
  await seedDocument(h.db, A, { orderId: 5002, lexwareId: draftId, status: 'draft' });
  dialog.receipt = invoiceId;
});
afterAll(async () => h?.stop());
beforeEach(async () => {
  await control('/control/mail', { method: 'DELETE' });
  await control('/control/mail/settings', { method: 'PUT', body: JSON.stringify({ auth: null }) });
});

const send = (body: unknown, path = '/api/orders/5001/invoice/email', key?: string) =>
  fetch(`${h.url}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));

describe('POST /api/orders/{id}/{type}/email', () => {
  const call = async (body: unknown, path?: string, key?: string) => {
    const res = await fetch(`${h.url}${path ?? '/api/orders/5001/invoice/email'}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: {
        Authorization: `Bearer ${await h.token(A)}`,
        'Content-Type': 'application/json',
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('sends the invoice with its PDF to the sandbox SMTP server, once per click', async () => {
    const first = await call(dialog, undefined, 'klick-1');
    expect(first).toMatchObject({
      status: 200,
      body: { success: true, message: 'Beleg per E-Mail versendet', email: 'erika@example.de' },
    });
    const again = await call(dialog, undefined, 'klick-1');
    expect(again).toMatchObject({ status: 200, body: { success: true, repeated: true } });
    const mails = await caught();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      subject: 'Deine Rechnung',
      attachments: [{ filename: 'RE5001.pdf', contentType: 'application/pdf' }],
    });
    expect(mails[0]!.envelope.to.sort()).toEqual(['buch@laden.de', 'erika@example.de']);
    const pdf = await fetch(`${h.sandbox!.urls.control}/control/mail/${mails[0]!.id}/attachments/0`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await documentsTable.one(h.db, { shopId: A, lexwareId: invoiceId })).emailedAt).toBeInstanceOf(Date);
    expect(await eventLogTable.list(h.db, { shopId: A, event: 'mail.sent' })).toHaveLength(1);
  });

  it("checks the dialog's fields with the spec's German messages and sends nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: '' }, 'email', 'Empfänger wird benötigt'],
      [{ email: 'erika@' }, 'email', 'Bitte gib eine gültige E-Mail-Adresse ein'],
      [{ copy: 'keine-adresse' }, 'copy', 'Bitte gib eine gültige E-Mail-Adresse ein'],
      [{ subject: 'x'.repeat(61) }, 'subject', 'Maximal 60 Zeichen'],
      [{ message: 'x'.repeat(30_001) }, 'message', 'Maximal 30000 Zeichen'],
      [
        { attachments: Array.from({ length: 6 }, (_, i) => `https://laden.de/${i}.pdf`) },
        'attachments',
        'Maximal 5 Anhänge',
      ],
      [
        { attachments: ['https://laden.de/agb.exe'] },
        'attachments.0',
        'Dateityp nicht erlaubt (html, pdf, doc, docx, jpg, jpeg, png, gif)',
      ],
      [{ attachments: ['kein link'] }, 'attachments.0', 'Ungültige URL'],
    ];
    for (const [change, field, message] of cases) {
      const res = await call({ ...dialog, ...change });
      expect(res, field).toMatchObject({ status: 400, body: { error: 'VALIDATION', field, message } });
    }
    expect(await caught()).toHaveLength(0);
    expect(await mailSendsTable.list(h.db, { shopId: A })).toHaveLength(1);
  });

  it('refuses drafts, unknown documents and calls without a session', async () => {
    expect(await call({ ...dialog, receipt: draftId }, '/api/orders/5002/invoice/email')).toMatchObject({
      status: 409,
      body: {
        error: 'DRAFT',
        message: 'Entwürfe können nicht per E-Mail versendet werden. Bitte finalisiere den Beleg in Lexware Office.',
      },
    });
    expect((await call({ ...dialog, receipt: undefined }, '/api/orders/4242/invoice/email')).status).toBe(404);
    expect((await call(dialog, '/api/orders/5001/angebot/email')).body.message).toBe(
      'Belegart ist invoice oder credit',
    );
    expect((await send(dialog)).status).toBe(401);
    expect(await caught()).toHaveLength(0);
  });

  it("puts the customer's name into an HTML message as text, and keeps it as typed in the plain part", async () => {
    const name = '<script>alert(1)</script> Tom&Jerry';
    await seedOrder(h.db, A, { id: 5003, name: '#5003', email: 'tom@example.de', customer: name });
    const receipt = await createLexwareVoucher(h, lexwareToken, { finalize: true });
    await seedDocument(h.db, A, { orderId: 5003, lexwareId: receipt, number: 'RE5003', status: 'open' });
    const res = await h.call(A, 'POST', '/api/orders/5003/invoice/email', {
      ...dialog,
      receipt,
      message: '<p>Hallo {ORDER.CUSTOMER_NAME},</p>',
      signature: 'Gruß an {ORDER.CUSTOMER_NAME}',
    });
    expect(res.status).toBe(200);
    const [mail] = await caught();
    const full = (await (await control(`/control/mail/${mail!.id}`)).json()) as { html: string; text: string };
    expect(full.html).toContain('<p>Hallo &lt;script&gt;alert(1)&lt;/script&gt; Tom&amp;Jerry,</p>');
    expect(full.html).toContain('Gruß an &lt;script&gt;alert(1)&lt;/script&gt; Tom&amp;Jerry');
    expect(full.html).not.toContain('<script>');
    expect(full.text).toContain(`Hallo ${name},`);
    expect(full.text).toContain(`Gruß an ${name}`);
  });
});

describe("the shop's own SMTP sender", () => {
  const form = () => ({
    host: 'smtp.sandbox.test',
    port: smtp().securePort,
    encryption: 'SSL',
    user: 'laden',
    pass: 'geheim',
    email: 'rechnung@mein-laden.de',
    name: 'Mein Laden',
  });

  it('is stored as interrupted with the error when the check fails, with the password sealed', async () => {
    await control('/control/mail/settings', {
      method: 'PUT',
      body: JSON.stringify({ auth: { user: 'laden', pass: 'richtig' } }),
    });
    const res = await h.call(A, 'POST', '/api/shop/smtp/validate', form());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'interrupted',
      result: {
        ok: false,
        message:
          'SMTP-Verbindung fehlgeschlagen: Anmeldung am SMTP-Server fehlgeschlagen: Benutzername oder Passwort ist falsch.',
      },
      smtp: {
        host: 'smtp.sandbox.test',
        encryption: 'SSL',
        status: 'interrupted',
        hasPassword: true,
        error: expect.stringMatching(/Passwort ist falsch/),
      },
    });
    expect(JSON.stringify(res.body)).not.toContain('geheim');
    const row = await shopSmtpTable.one(h.db, { shopId: A });
    expect(row.passEnc).not.toContain('geheim');
    expect(h.gateway.gw.box.open(row.passEnc!)).toBe('geheim');
  });

  it('is used for mail once a check succeeds, keeping the stored password', async () => {
    await control('/control/mail/settings', {
      method: 'PUT',
      body: JSON.stringify({ auth: { user: 'laden', pass: 'geheim' } }),
    });
    const { pass: _pass, ...withoutPassword } = form();
    const res = await h.call(A, 'POST', '/api/shop/smtp/validate', withoutPassword);
    expect(res.body).toMatchObject({
      status: 'connected',
      result: { ok: true, message: 'SMTP-Verbindung erfolgreich hergestellt' },
      smtp: { status: 'connected', error: null },
    });
    expect((await h.call(A, 'GET', '/api/shop/smtp')).body.smtp).toMatchObject({
      status: 'connected',
      email: 'rechnung@mein-laden.de',
      hasPassword: true,
    });

    const sent = await h.call(A, 'POST', '/api/orders/5001/invoice/email', dialog);
    expect(sent.status).toBe(200);
    expect(await caught()).toMatchObject([{ authUser: 'laden', from: '"Mein Laden" <rechnung@mein-laden.de>' }]);
  });

  it('saves a change unchecked, checks the form, and can be removed', async () => {
    const saved = await h.call(A, 'PATCH', '/api/shop/smtp', { ...form(), encryption: 'TLS', port: '' });
    expect(saved.body.smtp).toMatchObject({ status: 'unchecked', encryption: 'TLS', port: null, checkedAt: null });
    for (const [change, field, message] of [
      [{ host: '' }, 'host', 'Pflichtfeld'],
      [{ host: 'mail server!' }, 'host', 'Ungültiger Hostname'],
      [{ email: 'rechnung' }, 'email', 'Gültige E-Mail-Adresse erforderlich'],
      [{ encryption: 'STARTTLS' }, 'encryption', undefined],
    ] as const) {
      const res = await h.call(A, 'POST', '/api/shop/smtp/validate', { ...form(), ...change });
      expect(res.status, field).toBe(400);
      expect(res.body.field).toBe(field);
      if (message) expect(res.body.message).toBe(message);
    }
    expect((await h.call(A, 'DELETE', '/api/shop/smtp')).status).toBe(204);
    expect((await h.call(A, 'GET', '/api/shop/smtp')).body).toEqual({ smtp: null });
  });

  it('asks for the password again when the server or the login changes, and stores nothing', async () => {
    expect((await h.call(A, 'PATCH', '/api/shop/smtp', form())).status).toBe(200);
    const before = await shopSmtpTable.one(h.db, { shopId: A });
    const { pass: _pass, ...withoutPassword } = form();
    const refusal = {
      status: 400,
      body: {
        error: 'VALIDATION',
        field: 'pass',
        message: 'Bitte gib das Passwort erneut ein, wenn du den Server oder den Benutzernamen änderst.',
      },
    };
    for (const change of [{ host: 'mail.fremder-server.test' }, { user: 'jemand-anderes' }]) {
      expect(await h.call(A, 'PATCH', '/api/shop/smtp', { ...withoutPassword, ...change })).toMatchObject(refusal);
      expect(await h.call(A, 'POST', '/api/shop/smtp/validate', { ...withoutPassword, ...change })).toMatchObject(
        refusal,
      );
    }
    expect(await shopSmtpTable.one(h.db, { shopId: A })).toEqual(before);

    // The same server in other letters, on another port, keeps the stored password.
    const kept = await h.call(A, 'PATCH', '/api/shop/smtp', {
      ...withoutPassword,
      host: 'SMTP.Sandbox.test',
      port: 2525,
    });
    expect(kept.body.smtp).toMatchObject({ port: 2525, hasPassword: true });
    expect(h.gateway.gw.box.open((await shopSmtpTable.one(h.db, { shopId: A })).passEnc!)).toBe('geheim');
    // A new server with its password is saved.
    const moved = await h.call(A, 'PATCH', '/api/shop/smtp', { ...form(), host: 'mail.neu.test', pass: 'neu' });
    expect(moved.body.smtp).toMatchObject({ host: 'mail.neu.test', hasPassword: true });
    expect(h.gateway.gw.box.open((await shopSmtpTable.one(h.db, { shopId: A })).passEnc!)).toBe('neu');
  });
});

describe('mail a shop can send at will, limited per shop', () => {
  // Counted in PostgreSQL: a second set of limiters on the same database is what another gateway process sees.
  const otherProcess = () => createRateLimits(h.db);
  const useUpAllButOne = async (
    limiter: ReturnType<typeof createRateLimits>[keyof typeof RATE_LIMITS],
    points: number,
  ) => {
    const used = (await limiter.get(A))?.consumedPoints ?? 0;
    await limiter.penalty(A, points - used - 1);
  };
  const refused = {
    status: 429,
    body: {
      error: 'TOO_MANY_REQUESTS',
      message: 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann erneut.',
    },
  };

  it('refuses manual sends over the limit with 429 and Retry-After, and sends nothing', async () => {
    await useUpAllButOne(otherProcess().manualMail, RATE_LIMITS.manualMail.points);
    expect((await h.call(A, 'POST', '/api/orders/5001/invoice/email', dialog)).status).toBe(200);
    const over = await h.call(A, 'POST', '/api/orders/5001/invoice/email', { ...dialog, email: 'jemand@irgendwo.de' });
    expect(over).toMatchObject(refused);
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await caught()).map((m) => m.envelope.to.sort())).toEqual([['buch@laden.de', 'erika@example.de']]);
  });

  it('refuses help requests over the limit the same way, and stores none', async () => {
    const ask = () => h.call(A, 'POST', '/api/help/contact', { subject: 'Frage', message: 'Wie geht das?' });
    await useUpAllButOne(otherProcess().helpContact, RATE_LIMITS.helpContact.points);
    expect((await ask()).status).toBe(201);
    const over = await ask();
    expect(over).toMatchObject(refused);
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await helpRequestsTable.list(h.db, { shopId: A })).toHaveLength(1);
    expect(await caught()).toHaveLength(1);
  });
});
