import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplicationFailure, WorkflowFailedError } from '@temporalio/client';
import { DocumentStatusKey, orderWorkflowId, shopifyEventSignal, ShopDomainKey } from '@belegfluss/workflows/api';
import { eventually, merchant } from './merchant';
import { startStack, type Stack } from './stack';
import {
  contactLinksTable,
  documentsTable,
  eventLogTable,
  lexwareConnectionsTable,
  shopsTable,
  transferLedgerTable,
  webhookInboxTable,
} from '@belegfluss/db/testing';

/**
 * Contacts under concurrency through the whole stack: sandbox webhooks, the gateway, the worker and the
 * sandbox's Lexware. One contact per customer and organisation however the orders arrive.
 */
let stack: Stack;
const shop = 'kontakte-parallel.myshopify.com';
const m = () => merchant(stack, shop);

beforeAll(async () => {
  stack = await startStack();
  await m().createShop();
  await m().install();
  await m().connectLexware();
  // The free plan's few transfers would stop the burst half-way.
  await shopsTable.update(stack.db, { id: shop }, { planId: 'business', transfersQuota: 3000 });
});
afterAll(async () => stack?.stop());

interface Contact {
  id: string;
  emailAddresses?: { business?: string[]; private?: string[] };
}
const contactsOf = async (organizationId: string) =>
  (await (
    await fetch(`${stack.sandbox.urls.control}/control/lexware/contacts?organizationId=${organizationId}`)
  ).json()) as Contact[];
const organization = async () => (await lexwareConnectionsTable.one(stack.db, { shopId: shop })).organizationId!;
const invoices = async () =>
  Number(await documentsTable.count(stack.db, { shopId: shop, type: 'invoice' }, { notNull: ['lexwareId'] }));
const customer = (name: string) => ({
  email: `${name}@example.de`,
  firstName: name,
  lastName: 'Kundin',
  address1: 'Hauptstr. 1',
  zip: '10115',
  city: 'Berlin',
  countryCode: 'DE',
});

/** The organisation has exactly one contact, and the newest invoice names it. */
async function newestInvoiceHasTheOnlyContactOf(organizationId: string): Promise<Contact[]> {
  const contacts = await contactsOf(organizationId);
  expect(contacts).toHaveLength(1);
  const newest = await documentsTable.one(
    stack.db,
    { shopId: shop, type: 'invoice' },
    { orderBy: 'createdAt', desc: true },
  );
  expect(newest.contactId).toBe(contacts[0]!.id);
  return contacts;
}

describe('Lexware contacts', () => {
  it('20 paid orders of 2 customers placed at once make exactly 2 contacts and 20 invoices', async () => {
    await Promise.all(
      ['anna', 'berta'].map((name) =>
        m().createOrder({ scenario: 'de_b2c', paid: true, count: 10, customer: customer(name) }),
      ),
    );
    await eventually(async () => (await invoices()) === 20, 240_000);
    const contacts = await contactsOf(await organization());
    expect(contacts).toHaveLength(2);
    const used = await documentsTable.pluck(
      stack.db,
      'contactId',
      { shopId: shop, type: 'invoice' },
      { distinct: true },
    );
    expect(used.sort()).toEqual(contacts.map((c) => c.id).sort());
  }, 300_000);

  it('after reconnecting to another organisation, a returning customer gets a new contact there and the order its invoice', async () => {
    const before = await organization();
    await m().connectLexware();
    const after = await organization();
    expect(after).not.toBe(before);
    await m().createOrder({ scenario: 'de_b2c', paid: true, customer: customer('anna') });
    await eventually(async () => (await invoices()) === 21, 120_000);
    await newestInvoiceHasTheOnlyContactOf(after);
    expect(await eventLogTable.list(stack.db, { shopId: shop }, { in: { event: ['invoice.failed'] } })).toHaveLength(0);
  }, 180_000);

  it("forgets a contact id Lexware refuses and issues the invoice with the customer's real contact", async () => {
    const org = await organization();
    // A link to a contact this organisation doesn't have, as one left from before a merge in Lexware.
    await contactLinksTable.update(
      stack.db,
      { shopId: shop, organizationId: org },
      { contactId: '00000000-0000-4000-8000-000000000001' },
    );
    await m().createOrder({ scenario: 'de_b2c', paid: true, customer: customer('anna') });
    await eventually(async () => (await invoices()) === 22, 120_000);
    const contacts = await newestInvoiceHasTheOnlyContactOf(org);
    expect(await eventLogTable.list(stack.db, { shopId: shop, event: 'contact.refused' })).toHaveLength(1);
    expect((await contactLinksTable.one(stack.db, { shopId: shop, organizationId: org })).contactId).toBe(
      contacts[0]!.id,
    );
  }, 180_000);

  it('orders without an e-mail or without a customer get no contact and no invoice, and the log says why in German', async () => {
    const org = await organization();
    const contactsBefore = (await contactsOf(org)).length;
    const invoicesBefore = await invoices();
    const charged = async () => Number(await transferLedgerTable.count(stack.db, { shopId: shop }));
    const chargedBefore = await charged();
    // A POS customer known by name and phone, and guests whose orders carry an address but no customer record.
    const phoneCustomer = {
      firstName: 'Paula',
      lastName: 'Telefon',
      phone: '+49301234567',
      address1: 'Hauptstr. 9',
      zip: '10115',
      city: 'Berlin',
      countryCode: 'DE',
    };
    const created = await Promise.all([
      m().createOrder({ scenario: 'de_b2c', paid: true, count: 6, customer: phoneCustomer }),
      ...['Gustav', 'Greta', 'Gisela', 'Georg'].map((firstName) =>
        m().createOrder({
          scenario: 'de_b2c',
          paid: true,
          guest: true,
          customer: {
            firstName,
            lastName: 'Gast',
            address1: 'Gaststr. 1',
            zip: '20095',
            city: 'Hamburg',
            countryCode: 'DE',
          },
        }),
      ),
    ]);
    // The sandbox answers one order as an object and several as a list.
    type Answer = { order: { id: number; email: string | null; customer: { id: number } | null } };
    const orders = (created as unknown as (Answer | Answer[])[]).flatMap((c) => [c].flat().map((x) => x.order));
    // As at Shopify: no e-mail on any of them; the phone customer's six share one customer record, the guests have none.
    expect(orders.every((o) => o.email === null)).toBe(true);
    expect(new Set(orders.filter((o) => o.customer).map((o) => o.customer!.id)).size).toBe(1);
    expect(orders.filter((o) => !o.customer)).toHaveLength(4);

    const ids = orders.map((o) => String(o.id));
    const skipped = async () =>
      (await eventLogTable.select(
        stack.db,
        ['orderId', 'body'],
        { shopId: shop, event: 'invoice.skipped' },
        { in: { orderId: ids } },
      )) as { orderId: string; body: { reason: string } }[];
    await eventually(async () => (await skipped()).length === 10, 240_000);
    const reasons = new Map((await skipped()).map((e) => [e.orderId, e.body.reason]));
    for (const o of orders)
      expect(reasons.get(String(o.id))).toBe(o.customer ? 'MISSING_CUSTOMER_EMAIL' : 'MISSING_CUSTOMER');
    // Every webhook settled, nothing half-written: no contact, no document, no transfer.
    await eventually(
      async () =>
        (
          await webhookInboxTable.list(
            stack.db,
            { shopId: shop },
            { in: { resourceId: ids }, notIn: { status: ['successful', 'skipped'] } },
          )
        ).length === 0,
      60_000,
    );
    expect(await contactsOf(org)).toHaveLength(contactsBefore);
    expect(await invoices()).toBe(invoicesBefore);
    expect(await documentsTable.list(stack.db, { shopId: shop }, { in: { orderId: ids } })).toEqual([]);
    expect(await charged()).toBe(chargedBefore);
    // The merchant finds them by the German sentences the log shows.
    const found = async (search: string) =>
      (
        await m().api<{ items: { order: string }[] }>(
          `/api/shop/logs?search=${encodeURIComponent(search)}&pageSize=100`,
        )
      ).items
        .map((e) => e.order)
        .sort();
    expect(await found('die Bestellung hat keinen Kunden')).toEqual(
      orders
        .filter((o) => !o.customer)
        .map((o) => String(o.id))
        .sort(),
    );
    expect(await found('der Kunde hat keine E-Mail-Adresse')).toEqual(
      orders
        .filter((o) => o.customer)
        .map((o) => String(o.id))
        .sort(),
    );
  }, 300_000);
});

describe('an order for a shop without the app', () => {
  it('ends at once: inbox row unprocessable, workflow failed with a German reason and searchable status', async () => {
    const stranger = 'nie-installiert.myshopify.com';
    // The shop exists at Shopify and has an order, but never installed the app.
    await merchant(stack, stranger).createShop();
    const { order } = await merchant(stack, stranger).createOrder({ scenario: 'de_b2c', paid: true, webhooks: false });
    await webhookInboxTable.insert(stack.db, {
      webhookId: 'fremd-1',
      shopId: stranger,
      topic: 'orders/paid',
      resourceId: String(order.id),
      body: JSON.stringify(order),
    });
    // As a webhook that got past the gateway just before the app was removed would start it.
    const handle = await stack.temporal.client.workflow.signalWithStart('orderWorkflow', {
      workflowId: orderWorkflowId(stranger, order.id),
      taskQueue: stack.settings.taskQueue,
      args: [{ shopId: stranger, orderId: String(order.id) }],
      typedSearchAttributes: [{ key: ShopDomainKey, value: stranger }],
      signal: shopifyEventSignal,
      signalArgs: [{ topic: 'orders/paid', webhookId: 'fremd-1', order: order as never }],
    });
    const failure = await handle.result().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    const cause = (failure as WorkflowFailedError).cause;
    expect(cause).toBeInstanceOf(ApplicationFailure);
    expect((cause as ApplicationFailure).type).toBe('NOT_INSTALLED');
    expect(cause!.message).toBe(
      `Der Shop ${stranger} hat die App nicht installiert; Bestellung ${order.name} wird nicht verarbeitet.`,
    );
    const described = await handle.describe();
    expect(described.status.name).toBe('FAILED');
    expect(described.typedSearchAttributes.get(DocumentStatusKey)).toBe('NOT_INSTALLED');
    expect((await webhookInboxTable.one(stack.db, { webhookId: 'fremd-1' })).status).toBe('unprocessable');
    // One attempt of recording the order, not an endless retry, then the webhook settled: two local activities
    // (the first failed), each recorded once, and nothing scheduled through Temporal.
    const history = await handle.fetchHistory();
    const localActivities = history.events!.flatMap((e) =>
      e.markerRecordedEventAttributes?.markerName === 'core_local_activity' ? [e.markerRecordedEventAttributes] : [],
    );
    expect(localActivities.map((m) => m.failure?.message ?? 'ok')).toEqual([
      expect.stringContaining('nicht installiert'),
      'ok',
    ]);
    expect(history.events!.filter((e) => e.activityTaskScheduledEventAttributes)).toEqual([]);
  }, 60_000);
});
