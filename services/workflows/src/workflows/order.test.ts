import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker, type WorkflowBundle } from '@temporalio/worker';
import type { WorkflowExecutionDescription } from '@temporalio/client';
import type { ShopifyOrder } from '@belegfluss/shared';
import {
  DEFAULT_CONTACT_PREFERENCES,
  DEFAULT_CREDIT_PREFERENCES,
  DEFAULT_INVOICE_PREFERENCES,
  DEFAULT_INVOICE_SETTINGS,
  DEFAULT_ORDER_HANDLING,
} from '@belegfluss/shared';
import { askOrderToCancel, signalOrder } from '@belegfluss/orchestration/client';
import { orderStateQuery, orderWorkflowId, shopifyEventSignal, type OrderRepair } from '../api';
import type { Activities, ShopContext } from '../activities';
import { bundleWorkflows } from '../worker';
import { quietTemporal } from '../testing';
import { localTestServer } from '../test-server';

let env: TestWorkflowEnvironment;
let bundle: WorkflowBundle;
beforeAll(async () => {
  quietTemporal();
  bundle = await bundleWorkflows();
  env = await localTestServer();
});
afterAll(async () => {
  await env?.teardown();
});

/** A worker on its own task queue, with the workflow code bundled once for the whole file. */
const testWorker = (taskQueue: string, activities: Activities) =>
  Worker.create({ connection: env.nativeConnection, taskQueue, workflowBundle: bundle, activities });

const order = (financial_status: string, updated_at: string): ShopifyOrder =>
  ({
    id: 42,
    name: '#1042',
    created_at: new Date().toISOString(),
    updated_at,
    currency: 'EUR',
    financial_status,
    fulfillment_status: null,
    payment_gateway_names: ['shopify_payments'],
    tags: '',
    taxes_included: true,
    total_price: '10.00',
    line_items: [],
    shipping_lines: [],
    refunds: [],
    customer: { id: 1, email: 'kundin@example.de' },
    email: 'kundin@example.de',
    billing_address: { city: 'Köln', country_code: 'DE' },
  }) as ShopifyOrder;

const confirmed = (vatId: string) => ({
  vatId,
  valid: true,
  requestDate: '2026-11-27+01:00',
  requestIdentifier: 'WAPIAAAAA1',
  name: 'Alpenhandel GmbH',
  address: 'Wien',
  checkedAt: new Date().toISOString(),
  cached: false,
});

/** A paid order of an Austrian business, sold tax-free with its USt-IdNr. in the note. */
const austrianOrder = (id: number): ShopifyOrder =>
  ({
    ...order('paid', '2026-11-21T10:00:00Z'),
    id,
    name: `#${id}`,
    taxes_included: false,
    note: 'USt-IdNr.: ATU12345678',
    billing_address: { city: 'Wien', country_code: 'AT' },
    shipping_address: { city: 'Wien', country_code: 'AT' },
  }) as ShopifyOrder;

/** Holds the stubbed cancel open until the test lets it finish, so a second writer would show meanwhile. */
const gate = () => {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
let cancelGate = gate();

/** The activities, stubbed inline: the workflow's decisions are what is under test here. */
function fakeActivities(calls: string[], extra: Partial<ShopContext> = {}): Activities {
  const common = { connected: true, automationEnabled: true, skipPos: true, skipFree: true, posName: 'pos' };
  const ctx: ShopContext = {
    invoice: { ...DEFAULT_INVOICE_SETTINGS, ...common, installedAt: new Date().toISOString() },
    credit: { ...common, creditCreate: true },
    prefs: {
      invoice: DEFAULT_INVOICE_PREFERENCES,
      credit: DEFAULT_CREDIT_PREFERENCES,
      contact: DEFAULT_CONTACT_PREFERENCES,
      orderHandling: DEFAULT_ORDER_HANDLING,
    },
    profile: { smallBusiness: false, distanceSalesPrinciple: 'ORIGIN', businessFeatures: ['INVOICING'] },
    ...extra,
  };
  return {
    loadShopContext: async () => ctx,
    refreshDocument: async () => null,
    markOrderPaid: async () => 'already_paid',
    resolveEInvoice: async () => ({ ok: true, xRechnung: null, net: false }),
    issueInvoiceWithContact: async () => {
      calls.push('ensureContact', 'issueInvoice');
      return {
        outcome: 'created',
        documentId: 'doc-1',
        lexwareId: 'lx-1',
        number: 'RE0001',
        status: 'open',
        contactId: 'contact-1',
      };
    },
    issueCreditNote: async (_shop, _order, refund) => {
      calls.push(`issueCreditNote:${(refund as { id: number }).id}`);
      return { outcome: 'created', documentId: 'doc-2', lexwareId: 'lx-2', number: 'GS0001', status: 'open' };
    },
    issueExchangeCreditNote: async (_shop, _order, ret) => {
      calls.push(`issueExchangeCreditNote:${(ret as { id: number }).id}`);
      return { outcome: 'created', documentId: 'doc-x1', lexwareId: 'lx-x1', number: 'GS0002', status: 'paidoff' };
    },
    beginRound: async () => ctx,
    endRound: async (logs, ids, status) => {
      for (const entry of logs) calls.push(`log:${String(entry.body?.reason)}`);
      calls.push(`settle:${ids.join(',')}:${status}`);
    },
    writeOrderMetafields: async () => {
      calls.push('writeOrderMetafields');
      return 'written';
    },
    bookOrderPayments: async () => {
      calls.push('bookOrderPayments');
      return { booked: 1, existing: 0, hinted: true };
    },
    sendDocumentMail: async (_shop, documentId) => {
      calls.push(`sendDocumentMail:${documentId}`);
      return { outcome: 'sent' };
    },
    freshOrder: async () => {
      calls.push('freshOrder');
      return order('paid', '2026-11-22T08:00:00Z');
    },
    releaseLostDocument: async (_shop, _order, intentKey) => {
      calls.push(`release:${intentKey}`);
      return 'released';
    },
    closeInvoice: async (_shop, _order, lexwareId) => {
      calls.push(`close:${lexwareId}`);
      return { result: null, reopened: lexwareId === 'lx-1' };
    },
    checkVatId: async (_shop, vatId) => {
      calls.push(`checkVatId:${vatId}`);
      return { check: { status: 'answered', evidence: confirmed(vatId) }, retryMs: 100 };
    },
    tellVatIdUnconfirmed: async (_shop, notice) => {
      calls.push(`tell:${notice.outcome}`);
    },
    cancelInvoice: async (_shop, _orderId, req) => {
      calls.push(`cancel:begin:${req.lexwareId}`);
      await cancelGate.promise;
      calls.push(`cancel:end:${req.lexwareId}`);
      return 'cancelled';
    },
    issueCorrectionCreditNote: async (_shop, _order, req) => {
      calls.push(`correction:${req.intentKey}:${req.positions.map((p) => `${p.key}=${p.grossCents}`).join(',')}`);
      return { outcome: 'created', documentId: 'doc-c', lexwareId: 'lx-c', number: 'GS0002', status: 'paidoff' };
    },
    issueSupplementaryInvoice: async (_shop, _order, req) => {
      calls.push(`supplement:${req.intentKey}:${req.positions.map((p) => `${p.key}=${p.grossCents}`).join(',')}`);
      return { outcome: 'created', documentId: 'doc-s', lexwareId: 'lx-s', number: 'RE0002', status: 'open' };
    },
    reissueInvoice: async (_shop, _order, lexwareId) => {
      calls.push(`reissue:${lexwareId}`);
      return {
        result: { outcome: 'created', documentId: 'doc-x', lexwareId: 'lx-x', number: 'GS0003', status: 'paidoff' },
        reopened: true,
      };
    },
    issueDeliveryNote: async (_shop, _order, fulfillmentId) => {
      calls.push(`issueDeliveryNote:${fulfillmentId}`);
      return {
        outcome: 'created',
        documentId: `dn-${fulfillmentId}`,
        lexwareId: `lx-dn-${fulfillmentId}`,
        number: 'LS0001',
      };
    },
  } as Activities;
}

describe('orderWorkflow', () => {
  it('waits for payment, invoices once, and ignores later events for the invoice', async () => {
    const calls: string[] = [];
    const taskQueue = 'order-test';
    const worker = await testWorker(taskQueue, fakeActivities(calls));
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.signalWithStart('orderWorkflow', {
        workflowId: 'order:test.myshopify.com:42',
        taskQueue,
        args: [{ shopId: 'test.myshopify.com', orderId: '42' }],
        signal: shopifyEventSignal,
        signalArgs: [{ topic: 'orders/create', webhookId: 'w1', order: order('pending', '2026-11-21T10:00:00Z') }],
      });
      await waitFor(() => settled(calls, 'w1', 'skipped'));
      expect(calls).toContain('log:WAIT');
      expect(calls).not.toContain('issueInvoice');
      // Support sees in the Temporal UI's stack trace where the order waits, also with the shortened traces
      // (shared-modules.ts).
      expect(await handle.query<string>('__stack_trace')).toMatch(/at orderWorkflow \(.*order\.ts:\d+/);

      await handle.signal(shopifyEventSignal, {
        topic: 'orders/paid',
        webhookId: 'w2',
        order: order('paid', '2026-11-21T10:05:00Z'),
      });
      await waitFor(() => settled(calls, 'w2', 'successful'));
      // An older snapshot arriving late changes nothing, and no second invoice is made.
      await handle.signal(shopifyEventSignal, {
        topic: 'orders/updated',
        webhookId: 'w3',
        order: order('pending', '2026-11-21T10:01:00Z'),
      });
      await waitFor(() => settled(calls, 'w3', 'skipped'));
      expect(calls.filter((c) => c === 'issueInvoice')).toHaveLength(1);
      const state = await handle.query(orderStateQuery);
      expect(state.invoice).toMatchObject({
        documentId: 'doc-1',
        lexwareId: 'lx-1',
        number: 'RE0001',
        contactId: 'contact-1',
      });
      expect(state.order?.financial_status).toBe('paid');
      await handle.terminate('test done');
    });
  });
});

describe('orderWorkflow with two snapshots of one second', () => {
  it('keeps the one Shopify triggered later, whichever webhook arrives last', async () => {
    const calls: string[] = [];
    const taskQueue = 'order-same-second-test';
    const worker = await testWorker(taskQueue, fakeActivities(calls));
    // Paid, then changed again within the same second: updated_at is the same, the triggering moments are not.
    const snapshot = (webhookId: string, tags: string, triggeredAt?: string) => ({
      topic: 'orders/updated',
      webhookId,
      ...(triggeredAt ? { triggeredAt } : {}),
      order: { ...order('paid', '2026-11-21T10:00:00Z'), tags },
    });
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.signalWithStart('orderWorkflow', {
        workflowId: 'order:test.myshopify.com:43',
        taskQueue,
        args: [{ shopId: 'test.myshopify.com', orderId: '43' }],
        signal: shopifyEventSignal,
        signalArgs: [snapshot('s1', 'later', '2026-11-21T10:00:00.700Z')],
      });
      await waitFor(() => settled(calls, 's1', 'successful'));
      await handle.signal(shopifyEventSignal, snapshot('s2', 'earlier', '2026-11-21T10:00:00.200Z'));
      await waitFor(() => settled(calls, 's2', 'skipped'));
      const kept = await handle.query(orderStateQuery);
      expect(kept.order?.tags).toBe('later');
      expect(kept.orderTriggeredAt).toBe(Date.parse('2026-11-21T10:00:00.700Z'));

      // Without the moment (an event from no webhook), the later arrival wins as before.
      await handle.signal(shopifyEventSignal, snapshot('s3', 'unmarked'));
      await waitFor(() => settled(calls, 's3', 'skipped'));
      const replaced = await handle.query(orderStateQuery);
      expect(replaced.order?.tags).toBe('unmarked');
      expect(replaced.orderTriggeredAt).toBeUndefined();
      await handle.terminate('test done');
    });
  });
});

describe('orderWorkflow and the VIES check of a VAT ID', () => {
  const unavailable = {
    status: 'unavailable' as const,
    vatId: 'ATU12345678',
    error: 'MS_UNAVAILABLE',
    message: 'AT down',
  };

  it('waits on its own timer while the member state is down, then invoices tax-free once VIES confirms', async () => {
    const calls: string[] = [];
    const taskQueue = 'order-vies-wait-test';
    let attempts = 0;
    const activities = fakeActivities(calls);
    activities.checkVatId = async (_shop, vatId) => {
      calls.push(`checkVatId:${vatId}`);
      attempts += 1;
      return attempts < 3
        ? { check: unavailable, retryMs: 100 }
        : { check: { status: 'answered', evidence: confirmed(vatId) }, retryMs: 100 };
    };
    const logs: string[] = [];
    const endRound = activities.endRound;
    activities.endRound = async (entries, ids, status) => {
      logs.push(...entries.map((e) => e.event));
      return endRound(entries, ids, status);
    };
    const worker = await testWorker(taskQueue, activities);
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.signalWithStart('orderWorkflow', {
        workflowId: 'order:test.myshopify.com:501',
        taskQueue,
        args: [{ shopId: 'test.myshopify.com', orderId: '501' }],
        signal: shopifyEventSignal,
        signalArgs: [{ topic: 'orders/paid', webhookId: 'v1', order: austrianOrder(501) }],
      });
      await waitFor(() => settled(calls, 'v1', 'skipped'));
      expect(calls).not.toContain('issueInvoice');
      expect((await handle.query(orderStateQuery)).waitingFor).toBe('VIES');
      // No webhook comes: the timer alone brings the next attempts.
      await waitFor(() => calls.includes('issueInvoice'));
      expect(calls.filter((c) => c === 'checkVatId:ATU12345678')).toHaveLength(3);
      await waitFor(() => roundOver(calls));
      const state = await handle.query(orderStateQuery);
      expect(state.regime).toMatchObject({ kind: 'intraCommunitySupply', taxFree: true, vatId: 'ATU12345678' });
      expect(state.viesWait).toBeNull();
      // The wait is logged once, not per attempt; the confirmation with its evidence once.
      await waitFor(() => logs.includes('vatid.confirmed'));
      expect(logs.filter((e) => e === 'vatid.unavailable')).toHaveLength(1);
      await handle.terminate('test done');
    });
  });

  it("invoices with German VAT and tells the merchant once the merchant's wait is over", async () => {
    const calls: string[] = [];
    const taskQueue = 'order-vies-over-test';
    // A wait of about a third of a second; the settings page takes at least 0.01 hours, the rule any span.
    const contact = { ...DEFAULT_CONTACT_PREFERENCES, viesWaitHours: 0.0001, viesAfterWait: 'withVat' as const };
    const activities = fakeActivities(calls, {
      prefs: {
        invoice: DEFAULT_INVOICE_PREFERENCES,
        credit: DEFAULT_CREDIT_PREFERENCES,
        contact,
        orderHandling: DEFAULT_ORDER_HANDLING,
      },
    });
    activities.checkVatId = async (_shop, vatId) => {
      calls.push(`checkVatId:${vatId}`);
      return { check: unavailable, retryMs: 100 };
    };
    const worker = await testWorker(taskQueue, activities);
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.signalWithStart('orderWorkflow', {
        workflowId: 'order:test.myshopify.com:502',
        taskQueue,
        args: [{ shopId: 'test.myshopify.com', orderId: '502' }],
        signal: shopifyEventSignal,
        signalArgs: [{ topic: 'orders/paid', webhookId: 'v2', order: austrianOrder(502) }],
      });
      await waitFor(() => calls.includes('issueInvoice'));
      expect(calls).toContain('tell:withVat');
      await waitFor(() => roundOver(calls));
      const state = await handle.query(orderStateQuery);
      expect(state.regime).toMatchObject({ kind: 'germanVat', taxFree: false, untaxedRate: 19 });
      expect(state.regime?.warnings).toContain('VAT_ID_UNCONFIRMED');
      await handle.terminate('test done');
    });
  });
});

describe('orderWorkflow when the merchant keeps waiting for VIES', () => {
  it('tells the merchant once that the wait is over, asks on, and makes no invoice meanwhile', async () => {
    const calls: string[] = [];
    const taskQueue = 'order-vies-keep-waiting-test';
    const contact = { ...DEFAULT_CONTACT_PREFERENCES, viesWaitHours: 0.0001, viesAfterWait: 'keepWaiting' as const };
    const activities = fakeActivities(calls, {
      prefs: {
        invoice: DEFAULT_INVOICE_PREFERENCES,
        credit: DEFAULT_CREDIT_PREFERENCES,
        contact,
        orderHandling: DEFAULT_ORDER_HANDLING,
      },
    });
    activities.checkVatId = async (_shop, vatId) => {
      calls.push(`checkVatId:${vatId}`);
      return {
        check: { status: 'unavailable', vatId, error: 'SERVICE_UNAVAILABLE', message: 'VIES down' },
        retryMs: 100,
      };
    };
    const worker = await testWorker(taskQueue, activities);
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.signalWithStart('orderWorkflow', {
        workflowId: 'order:test.myshopify.com:503',
        taskQueue,
        args: [{ shopId: 'test.myshopify.com', orderId: '503' }],
        signal: shopifyEventSignal,
        signalArgs: [{ topic: 'orders/paid', webhookId: 'v3', order: austrianOrder(503) }],
      });
      await waitFor(() => calls.includes('tell:waiting'));
      const told = calls.filter((c) => c.startsWith('checkVatId')).length;
      await waitFor(() => calls.filter((c) => c.startsWith('checkVatId')).length >= told + 3);
      expect(calls.filter((c) => c === 'tell:waiting')).toHaveLength(1);
      expect(calls).not.toContain('issueInvoice');
      const state = await handle.query(orderStateQuery);
      expect(state.waitingFor).toBe('VIES');
      expect(state.viesWait).toMatchObject({ vatId: 'ATU12345678', told: true });
      await handle.terminate('test done');
    });
  });
});

describe('orderWorkflow across shops', () => {
  it('starts with its shop as fairness key, and an imported order behind the live ones', async () => {
    const calls: string[] = [];
    const taskQueue = 'order-fairness-test';
    const worker = await testWorker(taskQueue, fakeActivities(calls));
    await worker.runUntil(async () => {
      const live = { shopId: 'fair-a.myshopify.com', orderId: 7, orderName: '#1007' };
      const imported = { shopId: 'fair-b.myshopify.com', orderId: 8, orderName: '#1008' };
      await signalOrder(env.client, taskQueue, live, {
        shopify: { topic: 'orders/create', webhookId: 'f1', order: order('pending', '2026-11-21T10:00:00Z') },
      });
      await signalOrder(env.client, taskQueue, imported, {
        shopify: {
          topic: 'orders/import',
          webhookId: 'i8',
          order: order('pending', '2026-11-21T10:00:00Z'),
          origin: 'historical',
        },
      });
      await waitFor(() => settled(calls, 'f1', 'skipped') && settled(calls, 'i8', 'skipped'));
      const handles = [live, imported].map((o) => env.client.workflow.getHandle(orderWorkflowId(o.shopId, o.orderId)));
      const [a, b] = (await Promise.all(handles.map((h) => h.describe()))) as [
        WorkflowExecutionDescription,
        WorkflowExecutionDescription,
      ];
      expect(a.priority).toMatchObject({ fairnessKey: 'fair-a.myshopify.com' });
      expect(a.priority?.priorityKey ?? 0).toBe(0); // none set: Temporal's default, 3
      expect(b.priority).toMatchObject({ fairnessKey: 'fair-b.myshopify.com', priorityKey: 4 });
      await Promise.all(handles.map((h) => h.terminate('test done')));
    });
  });
});

describe('orderWorkflow cancels an invoice the merchant asked to cancel', () => {
  it('starts the ended order, answers when the cancel is done, and runs two cancels one after the other', async () => {
    const calls: string[] = [];
    const taskQueue = 'order-cancel-test';
    const worker = await testWorker(taskQueue, fakeActivities(calls));
    await worker.runUntil(async () => {
      cancelGate = gate();
      const ref = { shopId: 'cancel.myshopify.com', orderId: 44, orderName: '#1044' };
      const ask = () =>
        askOrderToCancel(env.client, taskQueue, ref, { lexwareId: 'lx-1', number: 'RE0001', orderName: '#1044' });
      // Both clicks are accepted by the workflow (no order workflow ran before: the first starts it).
      const [first, second] = await Promise.all([ask(), ask()]);
      const handle = env.client.workflow.getHandle(orderWorkflowId(ref.shopId, ref.orderId));
      // Accepted together, yet only one cancel runs: the other waits for it. An accepted update's activity may
      // still be only scheduled, so wait until the first has begun. (The gate opens also when this fails, so the
      // worker can stop and the failure shows at once.)
      try {
        await waitFor(() => calls.includes('cancel:begin:lx-1'));
        const { raw } = await handle.describe();
        expect(raw.pendingActivities ?? []).toHaveLength(1);
        expect(calls.filter((c) => c.startsWith('cancel:'))).toEqual(['cancel:begin:lx-1']);
      } finally {
        cancelGate.resolve();
      }
      expect(await Promise.all([first.result(), second.result()])).toEqual(['cancelled', 'cancelled']);
      expect(calls.filter((c) => c.startsWith('cancel:'))).toEqual([
        'cancel:begin:lx-1',
        'cancel:end:lx-1',
        'cancel:begin:lx-1',
        'cancel:end:lx-1',
      ]);
      await handle.terminate('test done');
    });
  });
});

describe('orderWorkflow repairs from the completeness audit', () => {
  it('makes a lost invoice anew, and replaces its own invoice closed for a wrong total but not a closed copy', async () => {
    const calls: string[] = [];
    const taskQueue = 'order-repair-test';
    const worker = await testWorker(taskQueue, fakeActivities(calls));
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.signalWithStart('orderWorkflow', {
        workflowId: 'order:test.myshopify.com:43',
        taskQueue,
        args: [{ shopId: 'test.myshopify.com', orderId: '43' }],
        signal: shopifyEventSignal,
        signalArgs: [{ topic: 'orders/paid', webhookId: 'w1', order: order('paid', '2026-11-21T10:00:00Z') }],
      });
      await waitFor(() => settled(calls, 'w1', 'successful'));
      const repair = async (webhookId: string, r: OrderRepair) => {
        await handle.signal(shopifyEventSignal, { topic: 'audit/repair', webhookId, repair: r });
        await waitFor(() => calls.some((c) => c.startsWith(`settle:${webhookId}:`)));
      };
      await repair('r1', { orderId: '42', key: 'missing_invoice:42:', action: 'recreate', type: 'invoice' });
      expect(calls).toContain('release:invoice:42');
      await repair('r2', { orderId: '42', key: 'duplicate:42:hand', action: 'close', lexwareId: 'hand' });
      await repair('r3', { orderId: '42', key: 'total_mismatch:42:lx-1', action: 'close', lexwareId: 'lx-1' });
      // The first invoice, the one made anew after it went missing, and the one replacing the wrong total.
      expect(calls.filter((c) => c === 'issueInvoice')).toHaveLength(3);
      expect(calls.filter((c) => c === 'freshOrder')).toHaveLength(3);
      expect(calls).toEqual(expect.arrayContaining(['close:hand', 'close:lx-1']));
      expect((await handle.query(orderStateQuery)).order?.updated_at).toBe('2026-11-22T08:00:00Z');
      await handle.terminate('test done');
    });
  });
});

describe('orderWorkflow with refunds', () => {
  it('keeps a refund that comes before the invoice, then credits it once after the invoice', async () => {
    const calls: string[] = [];
    const taskQueue = 'order-refund-test';
    const worker = await testWorker(taskQueue, fakeActivities(calls));
    const refund = {
      id: 77,
      order_id: 42,
      created_at: '2026-11-21T11:00:00Z',
      transactions: [{ kind: 'refund', status: 'success', amount: '10.00' }],
    };
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.signalWithStart('orderWorkflow', {
        workflowId: 'order:test.myshopify.com:43',
        taskQueue,
        args: [{ shopId: 'test.myshopify.com', orderId: '43' }],
        signal: shopifyEventSignal,
        signalArgs: [{ topic: 'orders/create', webhookId: 'r1', order: order('pending', '2026-11-21T10:00:00Z') }],
      });
      await handle.signal(shopifyEventSignal, { topic: 'refunds/create', webhookId: 'r2', refund });
      await waitFor(() => settled(calls, 'r2', 'skipped'));
      expect(calls).toContain('log:WAIT_FOR_INVOICE');
      expect((await handle.query(orderStateQuery)).waitingFor).toBe('WAIT_FOR_INVOICE');
      // A refund zod rejects is dropped; its failed parse runs in the zod all workflows share (shared-modules.ts).
      await handle.signal(shopifyEventSignal, {
        topic: 'refunds/create',
        webhookId: 'r2x',
        refund: { id: 'kein', transactions: 'nichts' },
      });
      await waitFor(() => ['skipped', 'successful', 'unprocessable'].some((s) => settled(calls, 'r2x', s)));
      expect((await handle.query(orderStateQuery)).pendingRefunds.map((r) => r.id)).toEqual([77]);

      await handle.signal(shopifyEventSignal, {
        topic: 'orders/paid',
        webhookId: 'r3',
        order: order('paid', '2026-11-21T10:05:00Z'),
      });
      await waitFor(() => settled(calls, 'r3', 'successful'));
      // The same refund again, inside a later snapshot: no second credit note.
      await handle.signal(shopifyEventSignal, {
        topic: 'orders/updated',
        webhookId: 'r4',
        order: { ...order('paid', '2026-11-21T11:05:00Z'), refunds: [refund] },
      });
      await waitFor(() => settled(calls, 'r4', 'skipped'));
      expect(calls.filter((c) => c.startsWith('issueCreditNote'))).toEqual(['issueCreditNote:77']);
      const state = await handle.query(orderStateQuery);
      expect(state.credits).toMatchObject([{ refundId: 77, number: 'GS0001' }]);
      expect(state.pendingRefunds).toHaveLength(0);
      expect(state.waitingFor).toBeNull();
      await handle.terminate('test done');
    });
  });
});

describe('orderWorkflow with returns and exchanges', () => {
  const processed = (id: number, exchange: boolean) => ({
    id,
    admin_graphql_api_id: `gid://shopify/Return/${id}`,
    order_id: 46,
    status: 'open',
    processed_at: '2026-11-22T09:00:00Z',
    return_line_items: [{ id: 1, quantity: 1, fulfillment_line_item: { id: 5, line_item: { id: 5 } } }],
    exchange_line_items: exchange
      ? [{ id: 2, quantity: 1, line_item: { id: 9, title: 'Neu', quantity: 1, price: '30.00', tax_lines: [] } }]
      : [],
  });
  const refundOf = (id: number, returnId: number) => ({
    id,
    order_id: 46,
    created_at: '2026-11-22T09:00:00Z',
    transactions: [{ kind: 'refund', status: 'success', amount: '5.00' }],
    return: { id: returnId, admin_graphql_api_id: `gid://shopify/Return/${returnId}` },
  });

  it("makes an exchange's credit note and invoice once, and no credit note for its refund; a plain return's refund credits", async () => {
    const calls: string[] = [];
    const taskQueue = 'order-exchange-test';
    const worker = await testWorker(taskQueue, fakeActivities(calls));
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.signalWithStart('orderWorkflow', {
        workflowId: 'order:test.myshopify.com:46',
        taskQueue,
        args: [{ shopId: 'test.myshopify.com', orderId: '46' }],
        signal: shopifyEventSignal,
        signalArgs: [{ topic: 'orders/paid', webhookId: 'x1', order: order('paid', '2026-11-21T10:00:00Z') }],
      });
      await waitFor(() => settled(calls, 'x1', 'successful'));
      // The exchange's refund comes first: it waits for its return, which alone tells an exchange.
      await handle.signal(shopifyEventSignal, { topic: 'refunds/create', webhookId: 'x2', refund: refundOf(81, 501) });
      await waitFor(() => settled(calls, 'x2', 'skipped'));
      expect(calls).toContain('log:WAIT_FOR_RETURN');
      await handle.signal(shopifyEventSignal, {
        topic: 'returns/process',
        webhookId: 'x3',
        return: processed(501, true),
      });
      await waitFor(() => settled(calls, 'x3', 'successful'));
      expect(calls).toContain('log:EXCHANGE');
      // The same return again (a redelivery): nothing more.
      await handle.signal(shopifyEventSignal, {
        topic: 'returns/process',
        webhookId: 'x4',
        return: processed(501, true),
      });
      await waitFor(() => settled(calls, 'x4', 'skipped'));
      // A plain return: its refund becomes a credit note as every refund does.
      await handle.signal(shopifyEventSignal, {
        topic: 'returns/process',
        webhookId: 'x5',
        return: processed(502, false),
      });
      await handle.signal(shopifyEventSignal, { topic: 'refunds/create', webhookId: 'x6', refund: refundOf(82, 502) });
      await waitFor(() => settled(calls, 'x6', 'successful'));
      expect(calls.filter((c) => c.startsWith('issueExchange') || c.startsWith('issueCreditNote'))).toEqual([
        'issueExchangeCreditNote:501',
        'issueCreditNote:82',
      ]);
      // What went out is billed by the supplementary invoice of corrections, for the exchange line only.
      expect(calls.filter((c) => c.startsWith('supplement:'))).toEqual(['supplement:exchange-invoice:501:item:9=3000']);
      const state = await handle.query(orderStateQuery);
      expect(state.returns).toMatchObject([
        { returnId: 501, exchange: true, credit: { lexwareId: 'lx-x1' }, invoice: { lexwareId: 'lx-s' } },
        { returnId: 502, exchange: false, credit: null, invoice: null },
      ]);
      expect(state.pendingReturns).toEqual([]);
      expect(state.pendingRefunds).toEqual([]);
      expect(state.settledRefundIds).toEqual([81, 82]);
      await handle.terminate('test done');
    });
  });
});

/** A paid order with two shirts at 19 % and 4,90 € shipping, as Shopify sends it after `edit` changed it. */
const shirtOrder = (updated_at: string, edit: (o: Record<string, unknown>) => void = () => {}): ShopifyOrder => {
  const json: Record<string, unknown> = {
    ...order('paid', updated_at),
    id: 44,
    name: '#1044',
    total_price: '54.90',
    current_total_price: '54.90',
    line_items: [
      {
        id: 1,
        title: 'Shirt',
        price: '25.00',
        quantity: 2,
        current_quantity: 2,
        tax_lines: [{ rate: 0.19, price: '7.98' }],
        discount_allocations: [],
      },
    ],
    shipping_lines: [{ id: 9, title: 'DHL', price: '4.90', tax_lines: [{ rate: 0.19, price: '0.78' }] }],
  };
  edit(json);
  return json as ShopifyOrder;
};
const lowered = (o: Record<string, unknown>) => {
  (o.line_items as Array<Record<string, unknown>>)[0]!.current_quantity = 1;
  o.current_total_price = '29.90';
};
const mugAdded = (o: Record<string, unknown>) => {
  lowered(o);
  o.line_items = [
    ...(o.line_items as unknown[]),
    {
      id: 2,
      title: 'Tasse',
      price: '12.00',
      quantity: 1,
      current_quantity: 1,
      tax_lines: [{ rate: 0.19, price: '1.92' }],
    },
  ];
  o.current_total_price = '41.90';
};

/** The body of orders/edited: the edit's id and the line items it added and took away. */
const editOf = (id: number, change: { added?: [number, number][]; removed?: [number, number][] }) => ({
  order_edit: {
    id,
    order_id: 44,
    line_items: {
      additions: (change.added ?? []).map(([line, delta]) => ({ id: line, delta })),
      removals: (change.removed ?? []).map(([line, delta]) => ({ id: line, delta })),
    },
  },
});

/** An order edit as Shopify sends it: orders/edited with the edit alone, then orders/updated with the order. */
async function signalEdit(
  handle: Awaited<ReturnType<typeof startPaid>>,
  [editedId, updatedId]: [string, string],
  edit: ReturnType<typeof editOf>,
  order: ShopifyOrder,
): Promise<void> {
  await handle.signal(shopifyEventSignal, { topic: 'orders/edited', webhookId: editedId, edit });
  await handle.signal(shopifyEventSignal, { topic: 'orders/updated', webhookId: updatedId, order });
}

/** Starts the shirt order's workflow with its payment. */
const startPaid = (taskQueue: string, webhookId: string) =>
  env.client.workflow.signalWithStart('orderWorkflow', {
    workflowId: `order:test.myshopify.com:44:${taskQueue}`,
    taskQueue,
    args: [{ shopId: 'test.myshopify.com', orderId: '44' }],
    signal: shopifyEventSignal,
    signalArgs: [{ topic: 'orders/paid', webhookId, order: shirtOrder('2026-11-21T10:00:00Z') }],
  });

describe('orderWorkflow with orders edited after their invoice', () => {
  it('Differenz: credits what went away and invoices what came in, once per edit', async () => {
    const calls: string[] = [];
    const taskQueue = 'order-edit-test';
    const worker = await testWorker(taskQueue, fakeActivities(calls));
    await worker.runUntil(async () => {
      const handle = await startPaid(taskQueue, 'e1');
      await waitFor(() => settled(calls, 'e1', 'successful'));
      await signalEdit(
        handle,
        ['e2', 'e3'],
        editOf(701, { removed: [[1, 1]] }),
        shirtOrder('2026-11-21T11:00:00Z', lowered),
      );
      await waitFor(() => settled(calls, 'e3', 'successful'));
      expect(calls).toContain('correction:correction:44:1:item:1=2500');
      await signalEdit(
        handle,
        ['e3b', 'e4'],
        editOf(702, { added: [[2, 1]] }),
        shirtOrder('2026-11-21T12:00:00Z', mugAdded),
      );
      await waitFor(() => settled(calls, 'e4', 'successful'));
      // The same snapshot again: nothing more.
      await handle.signal(shopifyEventSignal, {
        topic: 'orders/updated',
        webhookId: 'e5',
        order: shirtOrder('2026-11-21T12:00:00Z', mugAdded),
      });
      await waitFor(() => settled(calls, 'e5', 'skipped'));
      expect(calls.filter((c) => c.startsWith('correction:') || c.startsWith('supplement:'))).toEqual([
        'correction:correction:44:1:item:1=2500',
        'supplement:supplement:44:2:item:2=1200',
      ]);
      const state = await handle.query(orderStateQuery);
      expect(state.corrections?.map((c) => [c.kind, c.cents])).toEqual([
        ['credit', 2500],
        ['supplement', 1200],
      ]);
      // The customer gets back 13,00 € for the edits: that refund of money alone is no second credit note.
      await handle.signal(shopifyEventSignal, {
        topic: 'refunds/create',
        webhookId: 'e6',
        refund: {
          id: 88,
          order_id: 44,
          created_at: '2026-11-21T13:00:00Z',
          order_adjustments: [{ amount: '-13.00', tax_amount: '0.00', kind: 'refund_discrepancy' }],
          transactions: [{ kind: 'refund', status: 'success', amount: '13.00' }],
        },
      });
      await waitFor(() => settled(calls, 'e6', 'skipped'));
      expect(calls).toContain('log:EDIT_REFUND');
      expect(calls.some((c) => c.startsWith('issueCreditNote'))).toBe(false);
      await handle.terminate('test done');
    });
  });

  it("an exchange's order snapshot before its return: no edit to correct, the exchange's own documents once it is told", async () => {
    const calls: string[] = [];
    const taskQueue = 'order-exchange-first-test';
    const worker = await testWorker(taskQueue, fakeActivities(calls));
    // A dearer exchange: one shirt comes back, a hoodie goes out, the customer pays the difference (no refund).
    const exchanged = (o: Record<string, unknown>) => {
      lowered(o);
      o.line_items = [
        ...(o.line_items as unknown[]),
        { id: 3, title: 'Hoodie', price: '40.00', quantity: 1, current_quantity: 1, tax_lines: [] },
      ];
      o.current_total_price = '69.90';
    };
    await worker.runUntil(async () => {
      const handle = await startPaid(taskQueue, 'z1');
      await waitFor(() => settled(calls, 'z1', 'successful'));
      // Shopify's orders/updated overtakes returns/process: the order shows the exchange, no edit explains it.
      await handle.signal(shopifyEventSignal, {
        topic: 'orders/updated',
        webhookId: 'z2',
        order: shirtOrder('2026-11-21T11:00:00Z', exchanged),
      });
      await waitFor(() => settled(calls, 'z2', 'skipped'));
      expect(calls).toContain('log:EDIT_UNEXPLAINED');
      await handle.signal(shopifyEventSignal, {
        topic: 'returns/process',
        webhookId: 'z3',
        return: {
          id: 601,
          order_id: 44,
          processed_at: '2026-11-21T11:00:00Z',
          return_line_items: [{ id: 1, quantity: 1, fulfillment_line_item: { id: 5, line_item: { id: 1 } } }],
          exchange_line_items: [
            { id: 2, quantity: 1, line_item: { id: 3, title: 'Hoodie', quantity: 1, price: '40.00', tax_lines: [] } },
          ],
        },
      });
      await waitFor(() => settled(calls, 'z3', 'successful'));
      expect(calls.filter((c) => c.startsWith('correction:') || c.startsWith('supplement:'))).toEqual([
        'supplement:exchange-invoice:601:item:3=4000',
      ]);
      expect(calls).toContain('issueExchangeCreditNote:601');
      await handle.terminate('test done');
    });
  });

  it('Storno und neue Rechnung: closes the invoice and makes the new one in the same round', async () => {
    const calls: string[] = [];
    const taskQueue = 'order-reissue-test';
    const worker = await testWorker(
      taskQueue,
      fakeActivities(calls, {
        prefs: {
          invoice: { ...DEFAULT_INVOICE_PREFERENCES, invoiceCorrection: 'reissue' },
          credit: DEFAULT_CREDIT_PREFERENCES,
          contact: DEFAULT_CONTACT_PREFERENCES,
          orderHandling: DEFAULT_ORDER_HANDLING,
        },
      }),
    );
    await worker.runUntil(async () => {
      const handle = await startPaid(taskQueue, 'x1');
      await waitFor(() => settled(calls, 'x1', 'successful'));
      await signalEdit(
        handle,
        ['x1b', 'x2'],
        editOf(703, { removed: [[1, 1]] }),
        shirtOrder('2026-11-21T11:00:00Z', lowered),
      );
      await waitFor(() => settled(calls, 'x2', 'successful'));
      expect(calls.filter((c) => c === 'issueInvoice' || c.startsWith('reissue'))).toEqual([
        'issueInvoice',
        'reissue:lx-1',
        'issueInvoice',
      ]);
      const state = await handle.query(orderStateQuery);
      expect(state.invoice?.lexwareId).toBe('lx-1');
      expect(state.corrections).toMatchObject([{ kind: 'storno', lexwareId: 'lx-x' }]);
      await handle.terminate('test done');
    });
  });
});

describe('orderWorkflow with metafields', () => {
  it('writes metafields once after the invoice, not again for later events, and not at all without entries', async () => {
    const calls: string[] = [];
    const taskQueue = 'order-metafields-test';
    const metafields = {
      read: [],
      write: [{ value: 'invoice_number' as const, namespace: 'belegfluss', key: 'invoice_number' }],
    };
    const worker = await testWorker(taskQueue, fakeActivities(calls, { metafields }));
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.signalWithStart('orderWorkflow', {
        workflowId: 'order:test.myshopify.com:44',
        taskQueue,
        args: [{ shopId: 'test.myshopify.com', orderId: '44' }],
        signal: shopifyEventSignal,
        signalArgs: [{ topic: 'orders/paid', webhookId: 'm1', order: order('paid', '2026-11-21T10:05:00Z') }],
      });
      await waitFor(() => settled(calls, 'm1', 'successful'));
      // The same webhook again, then a newer snapshot: no new document, so nothing to write.
      await handle.signal(shopifyEventSignal, {
        topic: 'orders/paid',
        webhookId: 'm1',
        order: order('paid', '2026-11-21T10:05:00Z'),
      });
      await handle.signal(shopifyEventSignal, {
        topic: 'orders/updated',
        webhookId: 'm2',
        order: order('paid', '2026-11-21T10:06:00Z'),
      });
      await waitFor(() => settled(calls, 'm2', 'skipped'));
      expect(calls.filter((c) => c === 'writeOrderMetafields')).toHaveLength(1);
      expect(calls.indexOf('writeOrderMetafields')).toBeGreaterThan(calls.indexOf('issueInvoice'));
      await handle.terminate('test done');
    });

    const off: string[] = [];
    const offWorker = await testWorker(
      'order-metafields-off',
      fakeActivities(off, { metafields: { read: [], write: [] } }),
    );
    await offWorker.runUntil(async () => {
      const handle = await env.client.workflow.signalWithStart('orderWorkflow', {
        workflowId: 'order:test.myshopify.com:45',
        taskQueue: 'order-metafields-off',
        args: [{ shopId: 'test.myshopify.com', orderId: '45' }],
        signal: shopifyEventSignal,
        signalArgs: [{ topic: 'orders/paid', webhookId: 'o1', order: order('paid', '2026-11-21T10:05:00Z') }],
      });
      await waitFor(() => settled(off, 'o1', 'successful'));
      expect(off).toContain('issueInvoice');
      expect(off).not.toContain('writeOrderMetafields');
      await handle.terminate('test done');
    });
  });
});

describe('orderWorkflow with bank transactions', () => {
  it('books the payments once the order is invoiced and paid, and not again for a duplicate event', async () => {
    const calls: string[] = [];
    const taskQueue = 'order-payments-test';
    const worker = await testWorker(taskQueue, fakeActivities(calls));
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.signalWithStart('orderWorkflow', {
        workflowId: 'order:test.myshopify.com:44',
        taskQueue,
        args: [{ shopId: 'test.myshopify.com', orderId: '44' }],
        signal: shopifyEventSignal,
        signalArgs: [{ topic: 'orders/create', webhookId: 'p1', order: order('pending', '2026-11-21T10:00:00Z') }],
      });
      await waitFor(() => settled(calls, 'p1', 'skipped'));
      expect(calls).not.toContain('bookOrderPayments');
      await handle.signal(shopifyEventSignal, {
        topic: 'orders/paid',
        webhookId: 'p2',
        order: order('paid', '2026-11-21T10:05:00Z'),
      });
      await waitFor(() => settled(calls, 'p2', 'successful'));
      await handle.signal(shopifyEventSignal, {
        topic: 'orders/paid',
        webhookId: 'p3',
        order: order('paid', '2026-11-21T10:05:00Z'),
      });
      await waitFor(() => settled(calls, 'p3', 'skipped'));
      expect(calls.filter((c) => c === 'bookOrderPayments')).toHaveLength(1);
      expect(calls.indexOf('bookOrderPayments')).toBeGreaterThan(calls.indexOf('issueInvoice'));
      await handle.terminate('test done');
    });
  });

  it('asks no activity when booking is off, and logs why once per snapshot', async () => {
    const calls: string[] = [];
    const taskQueue = 'order-payments-off-test';
    const worker = await testWorker(
      taskQueue,
      fakeActivities(calls, { transactionsOff: 'DISABLED_TRANSACTION_CREATE' }),
    );
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.signalWithStart('orderWorkflow', {
        workflowId: 'order:test.myshopify.com:45',
        taskQueue,
        args: [{ shopId: 'test.myshopify.com', orderId: '45' }],
        signal: shopifyEventSignal,
        signalArgs: [{ topic: 'orders/paid', webhookId: 'q1', order: order('paid', '2026-11-21T10:05:00Z') }],
      });
      await waitFor(() => settled(calls, 'q1', 'successful'));
      await handle.signal(shopifyEventSignal, {
        topic: 'orders/paid',
        webhookId: 'q2',
        order: order('paid', '2026-11-21T10:05:00Z'),
      });
      await waitFor(() => settled(calls, 'q2', 'skipped'));
      expect(calls).toContain('issueInvoice');
      expect(calls).not.toContain('bookOrderPayments');
      expect(calls.filter((c) => c === 'log:DISABLED_TRANSACTION_CREATE')).toHaveLength(1);
      await handle.terminate('test done');
    });
  });
});

describe('orderWorkflow with mail', () => {
  const prefs = (enabled: boolean) => ({
    invoice: {
      ...DEFAULT_INVOICE_PREFERENCES,
      invoiceSendMail: { ...DEFAULT_INVOICE_PREFERENCES.invoiceSendMail, enabled },
    },
    credit: { ...DEFAULT_CREDIT_PREFERENCES, creditSendMailEnabled: enabled, creditFinalize: true },
    contact: DEFAULT_CONTACT_PREFERENCES,
    orderHandling: DEFAULT_ORDER_HANDLING,
  });

  it('mails the new invoice once, not for duplicate or later events, and not at all when mail is off', async () => {
    for (const enabled of [true, false]) {
      const calls: string[] = [];
      const taskQueue = `order-mail-${enabled}`;
      const worker = await testWorker(taskQueue, fakeActivities(calls, { prefs: prefs(enabled) }));
      await worker.runUntil(async () => {
        const handle = await env.client.workflow.signalWithStart('orderWorkflow', {
          workflowId: `order:test.myshopify.com:mail-${enabled}`,
          taskQueue,
          args: [{ shopId: 'test.myshopify.com', orderId: '46' }],
          signal: shopifyEventSignal,
          signalArgs: [{ topic: 'orders/paid', webhookId: 'e1', order: order('paid', '2026-11-21T10:05:00Z') }],
        });
        await waitFor(() => settled(calls, 'e1', 'successful'));
        await handle.signal(shopifyEventSignal, {
          topic: 'orders/paid',
          webhookId: 'e1',
          order: order('paid', '2026-11-21T10:05:00Z'),
        });
        await handle.signal(shopifyEventSignal, {
          topic: 'orders/updated',
          webhookId: 'e2',
          order: order('paid', '2026-11-21T10:06:00Z'),
        });
        await waitFor(() => settled(calls, 'e2', 'skipped'));
        expect(calls.filter((c) => c.startsWith('sendDocumentMail'))).toEqual(
          enabled ? ['sendDocumentMail:doc-1'] : [],
        );
        if (enabled) expect(calls.indexOf('sendDocumentMail:doc-1')).toBeGreaterThan(calls.indexOf('issueInvoice'));
        expect((await handle.query(orderStateQuery)).said?.['mail:doc-1']).toBe(enabled ? 'sent' : 'disabled');
        await handle.terminate('test done');
      });
    }
  });
  it("mails an edit's correction as it mails the order's credit notes, once", async () => {
    const calls: string[] = [];
    const taskQueue = 'order-mail-correction';
    const worker = await testWorker(taskQueue, fakeActivities(calls, { prefs: prefs(true) }));
    await worker.runUntil(async () => {
      const handle = await startPaid(taskQueue, 'm1');
      await waitFor(() => settled(calls, 'm1', 'successful'));
      await signalEdit(
        handle,
        ['m2', 'm3'],
        editOf(704, { removed: [[1, 1]] }),
        shirtOrder('2026-11-21T11:00:00Z', lowered),
      );
      await waitFor(() => settled(calls, 'm3', 'successful'));
      await handle.signal(shopifyEventSignal, {
        topic: 'orders/updated',
        webhookId: 'm4',
        order: shirtOrder('2026-11-21T11:00:00Z', lowered),
      });
      await waitFor(() => settled(calls, 'm4', 'skipped'));
      expect(calls.filter((c) => c.startsWith('sendDocumentMail'))).toEqual([
        'sendDocumentMail:doc-1',
        'sendDocumentMail:doc-c',
      ]);
      await handle.terminate('test done');
    });
  });
});

/** Signals sent close together may be handled in one batch, so one settle call can name several. */
function settled(calls: string[], webhookId: string, status: string): boolean {
  return calls.some(
    (c) => c.startsWith('settle:') && c.endsWith(`:${status}`) && c.split(':')[1]!.split(',').includes(webhookId),
  );
}

/**
 * A round that made the invoice has ended. The fake records 'issueInvoice' as the activity starts; the state has
 * the invoice's regime only once the workflow has its result, which a query right after the call may precede.
 */
const roundOver = (calls: string[]) => calls.some((c) => c.startsWith('settle:') && c.endsWith(':successful'));

async function waitFor(check: () => boolean, timeoutMs = 45_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
