import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, saveShopInstall, type Db } from '@belegfluss/db';
import {
  createTestDatabase,
  documentsTable,
  eventLogTable,
  lexwareConnectionsTable,
  shopPreferencesTable,
} from '@belegfluss/db/testing';
import { revokeToken } from '@belegfluss/lexware';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { readSettings } from '@belegfluss/shared/settings';
import { createPaidActivities } from './paid';

// Real PostgreSQL and the sandbox's Lexware OAuth and SMTP server: the merchant revokes the
// app's access in Lexware, the next token refresh is refused, and the merchant is told once.
const SHOP = 'getrennt.myshopify.com';
const INBOX = 'inhaber@getrennt.de';
const settings = readSettings();
const box = createSecretBox(settings.encryptionKey);
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let sb: RunningSandbox;
let activities: ReturnType<typeof createPaidActivities>;
const oauth = () => ({ ...settings.lexware.oauth, oauthUrl: sb.urls.lexwareOauth });

interface Caught {
  subject: string;
  text: string;
  envelope: { to: string[] };
}
const mails = async () =>
  (await (await fetch(`${sb.urls.control}/control/mail?to=${encodeURIComponent(INBOX)}`)).json()) as Caught[];
const events = async () =>
  (await eventLogTable.list(db, { shopId: SHOP, origin: 'shop' }, { orderBy: 'id' })).map(
    (r) => `${r.event}:${r.body.kind}`,
  );

/** A connection the merchant revoked in Lexware; `expired`: the access token must be refreshed first. */
async function revokedConnection(expired = true): Promise<void> {
  const res = await fetch(`${sb.urls.control}/control/lexware/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  const tokens = (await res.json()) as { access_token: string; refresh_token: string };
  await revokeToken(oauth(), tokens.refresh_token);
  const row = {
    accessTokenEnc: box.seal(tokens.access_token),
    refreshTokenEnc: box.seal(tokens.refresh_token),
    expiresAt: new Date(Date.now() + (expired ? -1000 : 3_600_000)),
  };
  await lexwareConnectionsTable.upsert(db, { shopId: SHOP, ...row }, ['shopId'], { ...row, connectedAt: new Date() });
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  sb = await startSandbox({ ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 }, log: false });
  activities = createPaidActivities({
    db,
    box,
    shopify: settings.shopify,
    lexware: { apiUrl: sb.urls.lexwareApi, oauth: oauth() },
    mail: { ...settings.mail, smtpUrl: `smtp://belegfluss:belegfluss@127.0.0.1:${sb.urls.smtp!.port}` },
  });
  await saveShopInstall(db, { shopId: SHOP, tokenEnc: 'x', scopes: [], name: 'Getrennt-Laden', email: INBOX });
  await documentsTable.insert(db, {
    shopId: SHOP,
    orderId: '1',
    orderName: '#1',
    type: 'invoice',
    intentKey: 'invoice:1',
    lexwareId: 'lx-1',
    status: 'open',
  });
});
afterAll(async () => {
  await sb?.stop();
  await database?.drop();
});

describe('connectionMissing', () => {
  it('a refused token refresh fails the step as before and mails the merchant once per lost connection', async () => {
    await revokedConnection();
    await expect(activities.refreshDocument(SHOP, 'lx-1')).rejects.toThrow(/Lexware-Anmeldung fehlgeschlagen \(400\)/);
    await expect(activities.refreshDocument(SHOP, 'lx-1')).rejects.toThrow(/fehlgeschlagen/);
    expect(await mails()).toMatchObject([
      { subject: 'Die Verbindung zu Lexware Office ist unterbrochen', envelope: { to: [INBOX] } },
    ]);
    expect((await mails())[0]!.text).toContain('Getrennt-Laden');
    expect(await events()).toEqual(['notification.sent:connectionMissing']);

    // connected again, and lost again: a new occasion
    await revokedConnection();
    await expect(activities.refreshDocument(SHOP, 'lx-1')).rejects.toThrow(/fehlgeschlagen/);
    expect(await mails()).toHaveLength(2);
    expect(await events()).toEqual(['notification.sent:connectionMissing', 'notification.sent:connectionMissing']);
  });

  it('an API call answered 401 with a still valid token means revoked access: one more mail', async () => {
    await revokedConnection(false);
    await expect(activities.refreshDocument(SHOP, 'lx-1')).rejects.toMatchObject({ status: 401 });
    await expect(activities.refreshDocument(SHOP, 'lx-1')).rejects.toMatchObject({ status: 401 });
    expect(await mails()).toHaveLength(3);
    expect(await events()).toHaveLength(3);
  });

  it('with the switch off the loss is logged, not mailed', async () => {
    await shopPreferencesTable.insert(db, {
      shopId: SHOP,
      section: 'notifications',
      value: JSON.stringify({ connectionMissing: false }),
    });
    await revokedConnection();
    await expect(activities.refreshDocument(SHOP, 'lx-1')).rejects.toThrow(/fehlgeschlagen/);
    expect(await mails()).toHaveLength(3);
    expect((await events()).at(-1)).toBe('notification.skipped:connectionMissing');
  });
});
