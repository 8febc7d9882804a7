import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notificationSends, notificationStore, saveShopInstall, savePreferenceSections, type Db } from '@belegfluss/db';
import {
  createTestDatabase,
  eventLogTable,
  notificationSendsTable,
  shopPreferencesTable,
} from '@belegfluss/db/testing';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { sendNotification, type NotificationDeps } from '@belegfluss/mail';

// Real PostgreSQL and the sandbox's SMTP server as the default sender.
const SHOP = 'hinweis-laden.myshopify.com';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let sb: RunningSandbox;
let deps: NotificationDeps;

interface Caught {
  subject: string;
  envelope: { to: string[] };
  from: string;
}
const control = (path: string, init?: RequestInit) =>
  fetch(`${sb.urls.control}${path}`, { ...init, headers: { 'Content-Type': 'application/json' } });
const caught = async (): Promise<Caught[]> => (await (await control('/control/mail')).json()) as Caught[];
const events = async () =>
  (await eventLogTable.list(db, { shopId: SHOP, origin: 'shop' }, { orderBy: 'id' })).map((r) => ({
    event: r.event,
    ...r.body,
  }));

/** A port nobody listens on: the default sender's server is down. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  sb = await startSandbox({ ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 }, log: false });
  await saveShopInstall(db, {
    shopId: SHOP,
    tokenEnc: 'x',
    scopes: ['read_orders'],
    name: 'Hinweis-Laden',
    email: 'shop@hinweis-laden.de',
  });
  deps = {
    store: notificationStore(db),
    mail: {
      smtpUrl: `smtp://belegfluss:belegfluss@127.0.0.1:${sb.urls.smtp!.port}`,
      from: 'Belegfluss <belege@belegfluss.local>',
    },
    timeoutMs: 5_000,
  };
});
afterAll(async () => {
  await sb?.stop();
  await database?.drop();
});
beforeEach(async () => {
  await control('/control/mail', { method: 'DELETE' });
  await notificationSendsTable.remove(db);
  await eventLogTable.remove(db);
  await shopPreferencesTable.remove(db, { shopId: SHOP });
});

describe('sendNotification', () => {
  it('sends once per occasion even when triggered five times at once, to the shop e-mail by default', async () => {
    const req = {
      shopId: SHOP,
      kind: 'creditsExhaustedSoon',
      occasion: 'period:2026-12',
      facts: { remaining: 1, quota: 10 },
    } as const;
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => sendNotification(deps, req)));
    expect(outcomes.filter((o) => o.outcome === 'sent')).toEqual([
      { outcome: 'sent', recipient: 'shop@hinweis-laden.de' },
    ]);
    expect(outcomes.filter((o) => o.outcome === 'already')).toHaveLength(4);
    expect(await caught()).toMatchObject([
      { subject: 'Deine Belegfluss-Transfers sind bald aufgebraucht', envelope: { to: ['shop@hinweis-laden.de'] } },
    ]);
    expect(await events()).toEqual([
      { event: 'notification.sent', kind: 'creditsExhaustedSoon', email: 'shop@hinweis-laden.de' },
    ]);
    // the next period is another occasion
    expect(await sendNotification(deps, { ...req, occasion: 'period:2027-01' })).toMatchObject({ outcome: 'sent' });
  });

  it('goes to the notification e-mail of the settings when one is set', async () => {
    await savePreferenceSections(db, SHOP, { general: { email: 'buchhaltung@hinweis-laden.de' } });
    expect(await sendNotification(deps, { shopId: SHOP, kind: 'onboarding', occasion: 'install' })).toEqual({
      outcome: 'sent',
      recipient: 'buchhaltung@hinweis-laden.de',
    });
    expect(await caught()).toMatchObject([
      {
        subject: 'Willkommen bei Belegfluss – deine ersten Schritte',
        envelope: { to: ['buchhaltung@hinweis-laden.de'] },
      },
    ]);
  });

  it('a switched-off kind is skipped and logged once, and sends nothing', async () => {
    await savePreferenceSections(db, SHOP, { notifications: { creditsExhaustedNow: false } });
    const req = { shopId: SHOP, kind: 'creditsExhaustedNow', occasion: 'period:2026-12' } as const;
    expect(await sendNotification(deps, req)).toEqual({ outcome: 'skipped', reason: 'DISABLED' });
    expect(await sendNotification(deps, req)).toEqual({ outcome: 'already' });
    expect(await caught()).toEqual([]);
    expect(await events()).toEqual([
      { event: 'notification.skipped', kind: 'creditsExhaustedNow', reason: 'DISABLED' },
    ]);
  });

  it('a mail server that is down fails the send without throwing; the next trigger tries again', async () => {
    const req = { shopId: SHOP, kind: 'connectionMissing', occasion: 'connection:1' } as const;
    const down = { ...deps, mail: { ...deps.mail, smtpUrl: `smtp://127.0.0.1:${await closedPort()}` } };
    expect(await sendNotification(down, req)).toMatchObject({ outcome: 'failed' });
    expect(await notificationSends(db, SHOP)).toMatchObject([
      { kind: 'connectionMissing', status: 'failed', attempts: 1 },
    ]);
    expect(await sendNotification(deps, req)).toMatchObject({ outcome: 'sent' });
    expect(await notificationSends(db, SHOP)).toMatchObject([{ status: 'sent', attempts: 2 }]);
    expect((await events()).map((e) => e.event)).toEqual(['notification.failed', 'notification.sent']);
    expect(await caught()).toHaveLength(1);
  });
});
