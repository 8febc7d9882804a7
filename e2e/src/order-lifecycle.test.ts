import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopView } from '@belegfluss/shared';
import { orderStateQuery, orderWorkflowId } from '@belegfluss/workflows';
import { eventually, merchant } from './merchant';
import { startStack, type Stack } from './stack';
import { documentsTable, eventLogTable, transferLedgerTable, webhookInboxTable } from '@belegfluss/db/testing';

/**
 * One order over its whole life, against the sandbox: the invoice, credit notes for a
 * partial item refund and for refunds without items, a bank payment in Lexware, and a
 * history that grows past Temporal's suggestion so the workflow continues as new on the way.
 */
let stack: Stack;
const shop = 'lebenslauf.myshopify.com';
const m = () => merchant(stack, shop);

interface Voucher {
  id: string;
  voucherNumber: string;
  voucherStatus: string;
  relatedVouchers: { id: string; voucherType: string }[];
  openAmount: number;
  totalPrice: { totalGrossAmount: number };
  lineItems: { name: string; quantity: number }[];
}
const vouchers = async (kind: 'invoices' | 'credit-notes') =>
  (await (await fetch(`${stack.sandbox.urls.control}/control/lexware/${kind}`)).json()) as Voucher[];
const refund = (orderId: number, input: Record<string, unknown>) =>
  m().json(`${stack.sandbox.urls.control}/control/shops/${shop}/orders/${orderId}/refund`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });

/** When a step does not happen, the merchant's log and the inbox say why: print them with the failure. */
let orderIdForExplain = 0;
async function explain(error: unknown): Promise<never> {
  const log = await eventLogTable.select(stack.db, ['event', 'status', 'body'], { shopId: shop }, { orderBy: 'id' });
  const inbox = await webhookInboxTable.select(
    stack.db,
    ['topic', 'status', 'error', 'signalledAt'],
    { shopId: shop },
    { orderBy: 'receivedAt' },
  );
  const handle = stack.temporal.client.workflow.getHandle(orderWorkflowId(shop, orderIdForExplain));
  const described = await handle.describe().catch(() => null);
  const pending = described?.raw.pendingActivities ?? [];
  const history = await handle.fetchHistory().catch(() => null);
  const failures = [
    ...pending.map(
      (a) =>
        `${a.activityType?.name ?? '?'} (attempt ${a.attempt ?? 0}): ${a.lastFailure?.message ?? 'no failure yet'}`,
    ),
    ...(history?.events ?? [])
      .map(
        (e) =>
          e.activityTaskFailedEventAttributes?.failure?.message ??
          e.workflowTaskFailedEventAttributes?.failure?.message,
      )
      .filter(Boolean),
  ];
  throw new Error(
    `${String(error)}\nLog: ${JSON.stringify(log)}\nInbox: ${JSON.stringify(inbox)}\nWorkflow: ${described?.status.name ?? 'none'}, ${described?.historyLength ?? 0} events\nFailures: ${JSON.stringify(failures.slice(-3))}`,
  );
}

beforeAll(async () => {
  // A small history suggests continueAsNew after a few refunds instead of thousands of events.
  stack = await startStack({ temporalArgs: ['--dynamic-config-value', 'limit.historyCount.suggestContinueAsNew=40'] });
  await m().createShop();
  await m().install();
  await m().connectLexware();
});
afterAll(async () => {
  await stack?.stop();
});

describe('an order from invoice to its last credit note', () => {
  let order: {
    id: number;
    name: string;
    total_price: string;
    line_items: { id: number; title: string; quantity: number }[];
  };
  let invoice: Voucher;

  it('invoices the paid order once', async () => {
    ({ order } = (await m().createOrder({ scenario: 'de_b2c' })) as unknown as { order: typeof order });
    orderIdForExplain = order.id;
    await m().payOrder(order.id);
    invoice = await eventually(async () => (await vouchers('invoices'))[0]);
    expect(invoice.totalPrice.totalGrossAmount).toBe(Number(order.total_price));
  });

  it('turns a partial item refund into a credit note linked to the invoice', async () => {
    const item = order.line_items[0]!;
    await refund(order.id, { mode: 'items', lineItems: [{ lineItemId: item.id, quantity: 1 }] });
    const credit = await eventually(async () => (await vouchers('credit-notes'))[0]).catch(explain);
    expect(credit.relatedVouchers).toEqual([expect.objectContaining({ id: invoice.id, voucherType: 'invoice' })]);
    expect(credit.lineItems.map((l) => [l.name, l.quantity])).toContainEqual([item.title, 1]);
    const row = await eventually(async () =>
      documentsTable.first(stack.db, { shopId: shop, type: 'credit' }, { notNull: ['lexwareId'] }),
    );
    expect(row.lexwareId).toBe(credit.id);
  });

  it('credits refunds without items, one credit note each, and continues as new on the way', async () => {
    for (const amount of [1, 2, 3]) {
      await refund(order.id, { mode: 'amount', amount, note: `Kulanz ${amount} €` });
      await eventually(async () => (await vouchers('credit-notes')).length === 1 + amount, 60_000).catch(explain);
    }
    const credits = await vouchers('credit-notes');
    expect(credits.every((c) => c.relatedVouchers[0]?.id === invoice.id)).toBe(true);
    expect(
      credits
        .map((c) => c.totalPrice.totalGrossAmount)
        .slice(1)
        .sort(),
    ).toEqual([1, 2, 3]);

    const runs = await eventually(async () => {
      const found = [];
      for await (const run of stack.temporal.client.workflow.list({
        query: `WorkflowId = "${orderWorkflowId(shop, order.id)}"`,
      }))
        found.push(run);
      // Temporal's visibility list is eventually consistent: wait until it shows the closed runs as closed.
      const continued = found.filter((r) => r.status.name === 'CONTINUED_AS_NEW').length;
      return found.length > 1 && continued === found.length - 1 && found;
    }, 60_000).catch(async (e) => {
      const d = await stack.temporal.client.workflow.getHandle(orderWorkflowId(shop, order.id)).describe();
      throw new Error(`${String(e)} history=${d.historyLength} status=${d.status.name} run=${d.runId}`);
    });
    expect(runs.filter((r) => r.status.name === 'RUNNING')).toHaveLength(1);

    // The new run carries everything: one invoice, four credit notes, nothing pending.
    const state = await eventually(async () => {
      const current = await stack.temporal.client.workflow
        .getHandle(orderWorkflowId(shop, order.id))
        .query(orderStateQuery);
      return current.credits.length === 4 && current;
    });
    expect(state.invoice?.lexwareId).toBe(invoice.id);
    expect(state.credits).toHaveLength(4);
    expect(state.pendingRefunds).toHaveLength(0);
  }, 240_000);

  it('keeps the exactly-once promise across runs: each refund once, one transfer per document', async () => {
    expect(await vouchers('invoices')).toHaveLength(1);
    expect(await vouchers('credit-notes')).toHaveLength(4);
    const docs = await documentsTable.select(stack.db, ['id', 'type', 'intentKey', 'lexwareId'], { shopId: shop });
    const ledger = await transferLedgerTable.list(stack.db, { shopId: shop });
    expect(
      docs.filter((d) => d.lexwareId),
      JSON.stringify({ docs, ledger }),
    ).toHaveLength(5);
    expect(ledger, JSON.stringify({ docs, ledger })).toHaveLength(5);
  });

  it('follows a bank payment in Lexware and counts it as an updated invoice', async () => {
    await m().json(`${stack.sandbox.urls.control}/control/lexware/invoices/${invoice.id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    const view = await eventually(async () => {
      const shopView = await m().api<ShopView>('/api/shop');
      return shopView.stat.invoice.updated > 0 && shopView;
    }, 60_000);
    expect(view.stat.invoice.created).toBe(1);
    expect(view.stat.credit.created).toBe(4);
    expect(view.stat.lexoffice.contact.created).toBe(1);
    const doc = await documentsTable.one(stack.db, { shopId: shop, type: 'invoice' });
    expect(doc.status).not.toBe('open');
  });
});
