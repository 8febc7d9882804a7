import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveShopInstall } from '@belegfluss/db';
import { createTestDatabase, insertTestRows, shopsTable } from '@belegfluss/db/testing';
import { createLexwareClient, type LexwareClient } from '@belegfluss/lexware';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { DEFAULT_CONTACT_PREFERENCES, ShopifyOrderSchema, type ShopifyOrder } from '@belegfluss/shared';
import { customerKey, ensureContact } from './contact';

/** Real PostgreSQL and the sandbox's Lexware over HTTP, counting the calls each step makes. */
let sb: RunningSandbox;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let api: LexwareClient;
const SHOP = 'kontakte.myshopify.com';

async function control<T>(path: string, body?: unknown, method = 'POST'): Promise<T> {
  const res = await fetch(
    `${sb.urls.control}/control${path}`,
    body === undefined && method === 'GET'
      ? {}
      : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) },
  );
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}
const contactCalls = async () => {
  const stats = await control<Record<string, { byRoute: Record<string, number> }>>('/lexware/stats', undefined, 'GET');
  return Object.values(stats)
    .flatMap((org) => Object.entries(org.byRoute))
    .filter(([route]) => route.includes('/contacts'))
    .reduce((sum, [, n]) => sum + n, 0);
};
const order = async (customer: Record<string, unknown>) =>
  ShopifyOrderSchema.parse(
    (await control<{ order: unknown }>(`/shops/${SHOP}/orders`, { scenario: 'de_b2c', webhooks: false, customer }))
      .order,
  ) as ShopifyOrder;
const ensure = (o: ShopifyOrder) =>
  ensureContact(database.db, api, SHOP, o, { prefs: DEFAULT_CONTACT_PREFERENCES, required: false, shopDomain: SHOP });

beforeAll(async () => {
  [sb, database] = await Promise.all([
    startSandbox({ ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 }, log: false, smtp: false }),
    createTestDatabase(),
  ]);
  await control('/shops', { shop: SHOP });
  const { access_token: token } = await control<{ access_token: string }>('/lexware/tokens', {});
  // Lexware's 2 requests/s, kept the simple way for one test process.
  let spacing = Promise.resolve();
  const throttle = () => (spacing = spacing.then(() => new Promise((r) => setTimeout(r, 520))));
  api = createLexwareClient({ baseUrl: sb.urls.lexwareApi, accessToken: async () => token, throttle });
  await saveShopInstall(database.db, { shopId: SHOP, tokenEnc: 'x', scopes: [] });
});
afterAll(async () => {
  await sb?.stop();
  await database?.drop();
});

describe('ensureContact against the sandbox', () => {
  const erika = {
    email: 'Erika.Muster@example.de',
    firstName: 'Erika',
    lastName: 'Muster',
    address1: 'Hauptstr. 5',
    zip: '50667',
    city: 'Köln',
    countryCode: 'DE',
  };

  it('creates a new customer once, and a returning customer with unchanged data costs no Lexware call', async () => {
    await control('/lexware/stats', undefined, 'DELETE');
    const first = await ensure(await order(erika));
    expect(await contactCalls()).toBe(2); // search by e-mail, create
    const again = await ensure(await order({ ...erika, email: 'erika.muster@example.de' }));
    expect(again).toBe(first);
    expect(await contactCalls()).toBe(2);
    expect((await shopsTable.one(database.db, { id: SHOP })).contactsCreated).toBe(1);
  });

  it('updates the contact when what we push has changed, then remembers the new state', async () => {
    await control('/lexware/stats', undefined, 'DELETE');
    const moved = { ...erika, address1: 'Domplatz 1' };
    const id = (await ensure(await order(moved)))!;
    expect(await contactCalls()).toBe(2); // search, update (the version from the search)
    const stored = (await api.contact(id)) as unknown as { addresses: { billing: { street: string }[] } };
    expect(stored.addresses.billing[0]?.street).toBe('Domplatz 1');
    await control('/lexware/stats', undefined, 'DELETE');
    expect(await ensure(await order(moved))).toBe(id);
    expect(await contactCalls()).toBe(0);
    expect((await shopsTable.one(database.db, { id: SHOP })).contactsUpdated).toBe(1);
  });

  it('makes one contact per customer when 20 orders of 2 customers ask at the same time', async () => {
    const people = ['Anna', 'Berta'].map((name) => ({
      ...erika,
      email: `${name.toLowerCase()}@parallel.example`,
      firstName: name,
    }));
    const orders = await Promise.all(Array.from({ length: 20 }, (_, i) => order(people[i % 2]!)));
    const before = (await shopsTable.one(database.db, { id: SHOP })).contactsCreated as number;
    await control('/lexware/stats', undefined, 'DELETE');
    const ids = await Promise.all(orders.map((o) => ensure(o)));
    // One search and one create per customer: the orders that waited reuse the contact the first holder pushed.
    expect(await contactCalls()).toBe(4);
    expect(new Set(ids).size).toBe(2);
    expect(ids.filter((id) => id === ids[0])).toHaveLength(10);
    expect((await shopsTable.one(database.db, { id: SHOP })).contactsCreated - before).toBe(2);
    const inLexware = await control<{ emailAddresses?: { private?: string[] } }[]>(
      '/lexware/contacts',
      undefined,
      'GET',
    );
    expect(inLexware.filter((c) => JSON.stringify(c).includes('@parallel.example'))).toHaveLength(2);
  });

  describe('customers without an e-mail', () => {
    /** The sandbox's order for `person`, as Shopify sends it when the customer left no e-mail (or, as a guest, no account either). */
    const withoutEmail = async (person: Record<string, unknown>, guest: boolean) => {
      const o = await order(person);
      return ShopifyOrderSchema.parse({
        ...o,
        email: null,
        contact_email: null,
        customer: guest ? null : { ...o.customer, email: null },
      }) as ShopifyOrder;
    };
    const lexwareContactsNamed = async (lastName: string) =>
      (await control<{ id: string; person?: { lastName?: string } }[]>('/lexware/contacts', undefined, 'GET')).filter(
        (c) => c.person?.lastName === lastName,
      );

    it('keys a customer by e-mail, else by Shopify customer, else a guest checkout by its order', async () => {
      const o = await order(erika);
      expect(customerKey(SHOP, o)).toEqual({ key: 'erika.muster@example.de', email: 'Erika.Muster@example.de' });
      const noMail = ShopifyOrderSchema.parse({
        ...o,
        email: null,
        contact_email: null,
        customer: { ...o.customer, email: null },
      }) as ShopifyOrder;
      expect(customerKey(SHOP, noMail)).toEqual({ key: `shopify-customer:${SHOP}/${o.customer!.id}` });
      expect(customerKey(SHOP, { ...noMail, customer: null })).toEqual({ key: `order:${SHOP}/${o.id}` });
    });

    it('20 concurrent calls: one contact for a returning customer without e-mail, one per guest order however often it comes', async () => {
      const regular = { ...erika, email: 'ohne-mail@parallel.example', firstName: 'Olga', lastName: 'Ohnemail' };
      const guest = { ...erika, email: 'gast@parallel.example', firstName: 'Gustav', lastName: 'Gastkauf' };
      const regularOrders = await Promise.all(Array.from({ length: 10 }, () => withoutEmail(regular, false)));
      expect(new Set(regularOrders.map((o) => o.customer?.id)).size).toBe(1);
      // Five guest checkouts by the same name and address, each asked twice (a duplicated webhook, a retried activity).
      const guestOrders = await Promise.all(Array.from({ length: 5 }, () => withoutEmail(guest, true)));
      const ids = await Promise.all([...regularOrders, ...guestOrders, ...guestOrders].map((o) => ensure(o)));
      expect(new Set(ids.slice(0, 10)).size).toBe(1);
      const guestIds = ids.slice(10);
      expect(new Set(guestIds).size).toBe(5);
      expect(guestIds.slice(0, 5)).toEqual(guestIds.slice(5));
      expect(await lexwareContactsNamed('Ohnemail')).toHaveLength(1);
      expect(await lexwareContactsNamed('Gastkauf')).toHaveLength(5);
      // A later order of the same customer finds the contact through the claim.
      expect(await ensure(await withoutEmail(regular, false))).toBe(ids[0]);
      expect(await lexwareContactsNamed('Ohnemail')).toHaveLength(1);
    });

    it('a creation whose answer was lost (Lexware wrote, then 504) is found again, not made twice', async () => {
      const guest = await withoutEmail(
        { ...erika, email: 'verloren@parallel.example', firstName: 'Vera', lastName: 'Verloren' },
        true,
      );
      await control('/knobs', { lexware: { write504: true, failNext: [504] } }, 'PUT');
      await expect(ensure(guest)).rejects.toMatchObject({ status: 504 });
      await control('/knobs', { lexware: { write504: false } }, 'PUT');
      expect(await lexwareContactsNamed('Verloren')).toHaveLength(1);
      const id = await ensure(guest);
      const inLexware = await lexwareContactsNamed('Verloren');
      expect(inLexware.map((c) => c.id)).toEqual([id]);
      expect(await ensure(guest)).toBe(id);
    });
  });
});

describe('one customer of two shops booking into one organisation', () => {
  const DE = 'kontakte-de.myshopify.com';
  const AT = 'kontakte-at.myshopify.com';
  const orderIn = async (shop: string, customer: Record<string, unknown>) =>
    ShopifyOrderSchema.parse(
      (await control<{ order: unknown }>(`/shops/${shop}/orders`, { scenario: 'de_b2c', webhooks: false, customer }))
        .order,
    ) as ShopifyOrder;
  const ensureIn = (shop: string, o: ShopifyOrder, vatId?: string) =>
    ensureContact(database.db, api, shop, o, {
      prefs: DEFAULT_CONTACT_PREFERENCES,
      required: false,
      shopDomain: shop,
      ...(vatId ? { vatId } : {}),
    });
  const contactsNamed = async (name: string) =>
    (
      await control<{ id: string; person?: { lastName?: string }; company?: { name?: string } }[]>(
        '/lexware/contacts',
        undefined,
        'GET',
      )
    ).filter((c) => c.person?.lastName === name || c.company?.name === name);

  beforeAll(async () => {
    const { organizationId } = (await api.profile()) as { organizationId: string };
    for (const shop of [DE, AT]) {
      await control('/shops', { shop });
      await saveShopInstall(database.db, { shopId: shop, tokenEnc: 'x', scopes: [] });
      await insertTestRows(database.db, 'lexware_connections', {
        shop_id: shop,
        organization_id: organizationId,
        access_token_enc: 'x',
        refresh_token_enc: 'x',
        expires_at: new Date(Date.now() + 3_600_000),
      });
    }
  });

  it("makes one contact for the same e-mail, even with both shops' orders at the same moment", async () => {
    const anna = {
      email: 'anna.beide@example.at',
      firstName: 'Anna',
      lastName: 'Beidlaeden',
      address1: 'Ringstr. 1',
      zip: '1010',
      city: 'Wien',
      countryCode: 'AT',
    };
    const orders = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? orderIn(AT, anna) : orderIn(DE, anna)).then((o) => ({ i, o }))),
    );
    const ids = await Promise.all(orders.map(({ i, o }) => ensureIn(i % 2 ? AT : DE, o)));
    expect(new Set(ids).size).toBe(1);
    expect((await contactsNamed('Beidlaeden')).map((c) => c.id)).toEqual([ids[0]]);
  });

  it('makes one contact for a business by its VAT ID, whichever buyer e-mail its orders carry', async () => {
    const buyer = (email: string) => ({
      email,
      firstName: 'Bernd',
      lastName: 'Bestell',
      company: 'Alpen Handel GmbH',
      address1: 'Hauptplatz 2',
      zip: '8010',
      city: 'Graz',
      countryCode: 'AT',
    });
    const [inDe, inAt] = await Promise.all([
      orderIn(DE, buyer('einkauf@alpen-handel.example')),
      orderIn(AT, buyer('buchhaltung@alpen-handel.example')),
    ]);
    const ids = await Promise.all([ensureIn(DE, inDe, 'ATU12345678'), ensureIn(AT, inAt, 'ATU 123 456 78')]);
    expect(ids[0]).toBe(ids[1]);
    expect((await contactsNamed('Alpen Handel GmbH')).map((c) => c.id)).toEqual([ids[0]]);
  });
});
