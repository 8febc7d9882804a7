import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, merchant } from './merchant';
import { startStack, type Stack } from './stack';
import { documentsTable, lexwareConnectionsTable, shopsTable } from '@belegfluss/db/testing';

/**
 * A merchant with a German and an Austrian store, both booking into ONE Lexware organisation through one
 * shared connection, under the sandbox's strict limit (2 requests per second per organisation). Through the
 * whole stack: sandbox webhooks, the gateway, the worker, the sandbox's Lexware.
 */
let stack: Stack;
const DE = 'multishop-de.myshopify.com';
const AT = 'multishop-at.myshopify.com';
const m = (shop: string) => merchant(stack, shop);
const BURST = 30;

interface Contact {
  id: string;
  emailAddresses?: Record<string, string[] | undefined>;
}
const control = (s: Stack) => s.sandbox.urls.control;
const invoices = async (shop: string) =>
  Number(await documentsTable.count(stack.db, { shopId: shop, type: 'invoice' }, { notNull: ['lexwareId'] }));
const organization = async (shop: string) =>
  (await lexwareConnectionsTable.one(stack.db, { shopId: shop })).organizationId!;
const contactsOf = async (organizationId: string) =>
  (await (
    await fetch(`${control(stack)}/control/lexware/contacts?organizationId=${organizationId}`)
  ).json()) as Contact[];
/** The 429s of Lexware's own limit (not injected faults), summed over every organisation. */
const rateLimited = async () =>
  Object.values(
    (await (await fetch(`${control(stack)}/control/lexware/stats`)).json()) as Record<string, { rateLimited?: number }>,
  ).reduce((sum, s) => sum + (s.rateLimited ?? 0), 0);
const customer = (name: string, countryCode: 'DE' | 'AT') => ({
  email: `${name}@example.${countryCode.toLowerCase()}`,
  firstName: name,
  lastName: 'Kundschaft',
  address1: 'Hauptstr. 1',
  zip: countryCode === 'DE' ? '10115' : '1010',
  city: countryCode === 'DE' ? 'Berlin' : 'Wien',
  countryCode,
});
const SHARED = { ...customer('beide', 'AT'), lastName: 'Zweishop' };

beforeAll(async () => {
  stack = await startStack();
  for (const shop of [DE, AT]) {
    await m(shop).createShop();
    await m(shop).install();
    // The free plan's few transfers would stop the burst half-way.
    await shopsTable.update(stack.db, { id: shop }, { planId: 'business', transfersQuota: 3000 });
  }
  await m(DE).connectLexware();
  // The Austrian store joins the German store's connection with a code the German store hands out.
  const { code } = await m(DE).api<{ code: string }>('/api/lexoffice/link-code', { method: 'POST' });
  await m(AT).api('/api/lexoffice/link', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  await fetch(`${control(stack)}/control/lexware/stats`, { method: 'DELETE' });
});
afterAll(async () => stack?.stop());

describe('two shops on one Lexware organisation', () => {
  it("serves the Austrian store's orders while the German store's burst still runs, with no 429 and one contact per customer", async () => {
    expect(await organization(AT)).toBe(await organization(DE));
    await Promise.all([
      ...Array.from({ length: BURST - 1 }, (_, i) =>
        m(DE).createOrder({ scenario: 'de_b2c', paid: true, customer: customer(`kunde${i}`, 'DE') }),
      ),
      m(DE).createOrder({ scenario: 'de_b2c', paid: true, customer: SHARED }),
    ]);
    // The burst is under way: its first invoices are out, most of its orders wait for Lexware.
    await eventually(async () => (await invoices(DE)) >= 2, 120_000);
    await Promise.all([
      m(AT).createOrder({ scenario: 'de_b2c', paid: true, customer: SHARED }),
      m(AT).createOrder({ scenario: 'de_b2c', paid: true, count: 2, customer: customer('wienerin', 'AT') }),
    ]);
    const germanWhenAustrianDone = await eventually(
      async () => (await invoices(AT)) === 3 && { de: await invoices(DE) },
      240_000,
    );
    // Fair turns: the Austrian store did not wait behind the German store's whole burst.
    expect(germanWhenAustrianDone.de).toBeLessThan(BURST);
    await eventually(async () => (await invoices(DE)) === BURST, 300_000);
    expect(await rateLimited()).toBe(0);
    const shared = (await contactsOf(await organization(DE))).filter((c) =>
      Object.values(c.emailAddresses ?? {}).some((list) => list?.includes(SHARED.email)),
    );
    expect(shared).toHaveLength(1);
    const used = await documentsTable.pluck(stack.db, 'contactId', { type: 'invoice' }, { distinct: true });
    expect(used).toContain(shared[0]!.id);
  }, 600_000);

  it('keeps invoicing the Austrian store after the German store disconnects', async () => {
    const answer = await m(DE).api<{ revoked: boolean; sharedWith?: string[] }>('/api/lexoffice', { method: 'DELETE' });
    expect(answer).toMatchObject({ revoked: false, sharedWith: [AT] });
    await m(AT).createOrder({ scenario: 'de_b2c', paid: true, customer: customer('spaeter', 'AT') });
    await eventually(async () => (await invoices(AT)) === 4, 120_000);
    expect(await rateLimited()).toBe(0);
  }, 180_000);
});
