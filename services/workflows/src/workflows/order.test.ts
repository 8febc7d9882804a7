import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import type { InvoiceSettings, ShopifyOrder } from '@belegfluss/shared';
import { DEFAULT_INVOICE_SETTINGS } from '@belegfluss/shared';
import { OrderNameKey, ShopDomainKey, orderStateQuery, shopifyEventSignal } from '../api';
import type { Activities } from '../activities';
import { workflowsPath } from '../worker';
import { quietTemporal } from '../testing';

let env: TestWorkflowEnvironment;
beforeAll(async () => {
  quietTemporal();
  const path = process.env.TEMPORAL_CLI_PATH;
  if (!path) throw new Error('TEMPORAL_CLI_PATH is not set: run the tests with `npm test`.');
  env = await TestWorkflowEnvironment.createLocal({ server: { executable: { type: 'existing-path', path }, searchAttributes: [ShopDomainKey, OrderNameKey] } });
});
afterAll(async () => { await env?.teardown(); });

const order = (financial_status: string, updated_at: string): ShopifyOrder => ({
  id: 42, name: '#1042', created_at: new Date().toISOString(), updated_at, currency: 'EUR', financial_status, fulfillment_status: null,
  payment_gateway_names: ['shopify_payments'], tags: '', taxes_included: true, total_price: '10.00', line_items: [], shipping_lines: [], refunds: [],
  customer: { id: 1, email: 'kundin@example.de' }, email: 'kundin@example.de', billing_address: { city: 'Köln', country_code: 'DE' },
} as ShopifyOrder);

/** The activities, stubbed inline: the workflow's decisions are what is under test here. */
function fakeActivities(calls: string[]): Activities {
  const settings: InvoiceSettings = { ...DEFAULT_INVOICE_SETTINGS, connected: true, automationEnabled: true, installedAt: new Date().toISOString() };
  return {
    loadInvoiceSettings: async () => settings,
    recordOrder: async () => undefined,
    ensureContact: async () => { calls.push('ensureContact'); return 'contact-1'; },
    issueInvoice: async () => { calls.push('issueInvoice'); return { outcome: 'created', documentId: 'doc-1', number: 'RE0001' }; },
    writeLog: async (entry) => { calls.push(`log:${String(entry.body?.reason)}`); },
    settleDeliveries: async (ids, status) => { calls.push(`settle:${ids.join(',')}:${status}`); },
  } as Activities;
}

describe('orderWorkflow', () => {
  it('waits for payment, invoices once, and ignores later events for the invoice', async () => {
    const calls: string[] = [];
    const taskQueue = 'order-test';
    const worker = await Worker.create({ connection: env.nativeConnection, taskQueue, workflowsPath, activities: fakeActivities(calls) });
    await worker.runUntil(async () => {
      const handle = await env.client.workflow.signalWithStart('orderWorkflow', {
        workflowId: 'order:test.myshopify.com:42', taskQueue, args: [{ shopId: 'test.myshopify.com', orderId: '42' }],
        signal: shopifyEventSignal, signalArgs: [{ topic: 'orders/create', webhookId: 'w1', order: order('pending', '2026-11-21T10:00:00Z') }],
      });
      await waitFor(() => calls.includes('settle:w1:skipped'));
      expect(calls).toContain('log:WAIT');
      expect(calls).not.toContain('issueInvoice');

      await handle.signal(shopifyEventSignal, { topic: 'orders/paid', webhookId: 'w2', order: order('paid', '2026-11-21T10:05:00Z') });
      await waitFor(() => calls.includes('settle:w2:successful'));
      // An older snapshot arriving late changes nothing, and no second invoice is made.
      await handle.signal(shopifyEventSignal, { topic: 'orders/updated', webhookId: 'w3', order: order('pending', '2026-11-21T10:01:00Z') });
      await waitFor(() => calls.includes('settle:w3:skipped'));
      expect(calls.filter((c) => c === 'issueInvoice')).toHaveLength(1);
      const state = await handle.query(orderStateQuery);
      expect(state.invoice).toEqual({ documentId: 'doc-1', number: 'RE0001' });
      expect(state.order?.financial_status).toBe('paid');
      await handle.terminate('test done');
    });
  });
});

async function waitFor(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
