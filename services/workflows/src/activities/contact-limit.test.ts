import { ApplicationFailure } from '@temporalio/activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveShopInstall } from '@belegfluss/db';
import { createTestDatabase, eventLogTable } from '@belegfluss/db/testing';
import { createLexwareClient, type LexwareClient } from '@belegfluss/lexware';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import {
  CONTACT_LIMIT_MESSAGES,
  DEFAULT_CONTACT_PREFERENCES,
  LIMITS,
  ShopifyOrderSchema,
  type ShopifyOrder,
} from '@belegfluss/shared';
import { ensureContact } from './contact';

/** A Lexware account that holds as many contacts as Lexware allows: real PostgreSQL, the sandbox over HTTP. */
let sb: RunningSandbox;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: LexwareClient;
const SHOP = 'volles-konto.myshopify.com';

async function control<T>(path: string, body?: unknown, method = 'POST'): Promise<T> {
  const res = await fetch(`${sb.urls.control}/control${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const order = async (email: string) =>
  ShopifyOrderSchema.parse(
    (
      await control<{ order: unknown }>(`/shops/${SHOP}/orders`, {
        scenario: 'de_b2c',
        webhooks: false,
        customer: { email, firstName: 'Neu', lastName: 'Kundin', address1: 'Ring 1', zip: '50667', city: 'Köln' },
      })
    ).order,
  ) as ShopifyOrder;
const ensure = (o: ShopifyOrder, required: boolean) =>
  ensureContact(database.db, api, SHOP, o, { prefs: DEFAULT_CONTACT_PREFERENCES, required, shopDomain: SHOP });

beforeAll(async () => {
  [sb, database] = await Promise.all([
    startSandbox({ ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 }, log: false, smtp: false }),
    createTestDatabase(),
  ]);
  await control('/shops', { shop: SHOP });
  const { access_token: token, organizationId } = await control<{ access_token: string; organizationId: string }>(
    '/lexware/tokens',
    {},
  );
  const full = await control<{ contactCount: number }>(`/lexware/organizations/${organizationId}/contacts/fill`, {});
  expect(full.contactCount).toBe(LIMITS.lexwareContacts);
  let spacing = Promise.resolve();
  const throttle = () => (spacing = spacing.then(() => new Promise((r) => setTimeout(r, 520))));
  api = createLexwareClient({ baseUrl: sb.urls.lexwareApi, accessToken: async () => token, throttle });
  await saveShopInstall(database.db, { shopId: SHOP, tokenEnc: 'x', scopes: [] });
}, 120_000);
afterAll(async () => {
  await sb?.stop();
  await database?.drop();
});

describe('a Lexware account at its 59,999 contacts', () => {
  it('an invoice that may carry the address goes without a contact, and the log says why in German', async () => {
    const o = await order('neu.kundin@example.de');
    expect(await ensure(o, false)).toBeNull();
    const [entry] = await eventLogTable.list(database.db, {
      shopId: SHOP,
      event: 'contact.limit',
      orderId: String(o.id),
    });
    expect(entry).toMatchObject({ origin: 'contact', status: 'warning' });
    expect(entry?.body).toMatchObject({ message: CONTACT_LIMIT_MESSAGES.withoutContact, limit: 59_999 });
    expect(CONTACT_LIMIT_MESSAGES.withoutContact).toContain('höchstens 59.999 Kontakte');
  });

  it('an invoice that needs a contact fails for good with the same German reason', async () => {
    const o = await order('firma@example.de');
    const failure = await ensure(o, true).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({
      type: 'CONTACT_LIMIT',
      nonRetryable: true,
      message: CONTACT_LIMIT_MESSAGES.required,
    });
    const [entry] = await eventLogTable.list(database.db, {
      shopId: SHOP,
      event: 'contact.limit',
      orderId: String(o.id),
    });
    expect(entry).toMatchObject({ status: 'critical' });
  });
});
