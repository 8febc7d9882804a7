import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopView } from '@belegfluss/shared';
import { eventually, merchant } from './merchant';
import { mkdirSync } from 'node:fs';
import { launchChromium, screenshotDir, serveFrontends } from './frontends';
import { openAllFeatures, startStack, type Stack } from './stack';
import { documentsTable, eventLogTable, webhookInboxTable } from '@belegfluss/db/testing';

let stack: Stack;
let frontends: Awaited<ReturnType<typeof serveFrontends>>;
beforeAll(async () => {
  stack = await startStack();
  frontends = await serveFrontends({ gatewayUrl: stack.gatewayUrl, sandboxUrl: stack.sandbox.urls.control });
});
afterAll(async () => {
  await frontends?.stop();
  await stack?.stop();
});

interface SandboxInvoice {
  id: string;
  voucherNumber: string;
  voucherStatus: string;
  remark?: string;
  address: { contactId?: string };
  totalPrice: { totalGrossAmount: number };
  lineItems: { name: string }[];
}

describe('one order from Shopify to a Lexware invoice', () => {
  const shop = 'walking-skeleton.myshopify.com';
  const m = () => merchant(stack, shop);

  it('installs the app, connects Lexware and turns a paid order into exactly one invoice', async () => {
    await m().createShop();
    expect(await m().install()).toContain(`/home?shop=${shop}`);
    const before = await m().api<ShopView>('/api/shop');
    expect(before).toMatchObject({ shop, lexoffice: { isConnected: false }, stat: { invoice: { created: 0 } } });
    expect(before.scopes).toContain('write_orders');

    await m().connectLexware();
    const connected = await m().api<ShopView>('/api/shop');
    expect(connected.lexoffice.isConnected).toBe(true);
    expect(connected.lexoffice.profile?.companyName).toBeTruthy();

    const { order } = await m().createOrder({ scenario: 'de_b2c' });
    await m().payOrder(order.id);

    const after = await eventually(async () => {
      const view = await m().api<ShopView>('/api/shop');
      return view.stat.invoice.created === 1 && view;
    });
    expect(after.plan.credits.used).toBe(1);
    expect(after.stat.shopify.webhook.received).toBeGreaterThanOrEqual(2);

    // What the sandbox's Lexware received: one finalised invoice for the order's total.
    const invoices = await m().json<SandboxInvoice[]>(`${stack.sandbox.urls.control}/control/lexware/invoices`);
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    expect(invoice?.voucherStatus).toBe('open');
    expect(invoice?.voucherNumber).toMatch(/\w+/);
    expect(invoice?.remark).toContain(`Bestellung ${order.name}`);
    expect(invoice?.totalPrice.totalGrossAmount).toBeCloseTo(Number(order.total_price), 2);
    expect(invoice?.address.contactId).toBeTruthy();

    // The event log has the invoice. Lexware's create answers only its id, so the number is learned where it
    // is shown: the order list reads it from the voucher list and shows it.
    const log = await eventLogTable.list(stack.db, { shopId: shop, event: 'invoice.created' });
    expect(log).toHaveLength(1);
    const list = await m().api<{ items: { invoices: { number: string | null }[] }[] }>('/api/orders');
    expect(list.items[0]?.invoices[0]?.number).toBe(invoice?.voucherNumber);

    // Support staff find the workflow by shop in Temporal's visibility.
    const found = await eventually(async () => {
      const ids: string[] = [];
      for await (const w of stack.temporal.client.workflow.list({ query: `ShopDomain = "${shop}"` }))
        ids.push(w.workflowId);
      return ids.length > 0 && ids;
    });
    expect(found).toContain(`order:${shop}:${order.id}`);
  });

  it('shows the invoice on the dashboard of the shell, in Chromium', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${frontends.urls.shell}/home?shop=${shop}`);
      await page.getByText('Rechnungen: 1').waitFor({ timeout: 20_000 });
      await page
        .getByText(/Verbunden seit/)
        .first()
        .waitFor();
      mkdirSync(screenshotDir, { recursive: true });
      await page.screenshot({ path: `${screenshotDir}/dashboard.png`, fullPage: true });
    } finally {
      await browser.close();
    }
  });

  it('creates no second invoice when Shopify delivers the same webhook again', async () => {
    const deliveries = await m().json<{ webhookId: string; topic: string }[]>(
      `${stack.sandbox.urls.control}/control/shops/${shop}/webhooks`,
    );
    const paid = deliveries.find((d) => d.topic === 'orders/paid');
    expect(paid).toBeDefined();
    const res = await fetch(
      `${stack.sandbox.urls.control}/control/shops/${shop}/webhooks/${paid?.webhookId}/redeliver`,
      { method: 'POST' },
    );
    expect(res.ok).toBe(true);
    await stack.sandbox.settled();
    const rows = await webhookInboxTable.list(stack.db, { shopId: shop, topic: 'orders/paid' });
    expect(rows).toHaveLength(1);
    const invoices = await m().json<unknown[]>(`${stack.sandbox.urls.control}/control/lexware/invoices`);
    expect(invoices).toHaveLength(1);
  });

  it('answers 401 to a webhook with a wrong HMAC and to /api without a session token', async () => {
    const hook = await fetch(`${stack.gatewayUrl}/webhooks/shopify`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Shopify-Hmac-Sha256': 'AAAA',
        'X-Shopify-Topic': 'orders/create',
        'X-Shopify-Shop-Domain': shop,
      },
      body: '{"id":1}',
    });
    expect(hook.status).toBe(401);
    const api = await fetch(`${stack.gatewayUrl}/api/shop`);
    expect(api.status).toBe(401);
    expect(((await api.json()) as { message: string }).message).toMatch(/Sitzungstoken/);
  });

  it('marks the Shopify order paid when Lexware reports its invoice paid', async () => {
    await openAllFeatures(stack, shop); // the payment sync is a plan feature
    // Invoice on creation, so the invoice exists while Shopify still waits for the money.
    await m().api('/api/preferences/invoices', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ invoiceEvent: 'created' }),
    });
    await m().api('/api/preferences/orderHandling', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ syncOrderPayment: true }),
    });
    const { order } = await m().createOrder({ scenario: 'de_b2c' });
    const doc = await eventually(
      async () =>
        await documentsTable.first(stack.db, { shopId: shop, orderId: String(order.id) }, { notNull: ['lexwareId'] }),
    );
    const control = stack.sandbox.urls.control;
    const paid = await fetch(`${control}/control/lexware/invoices/${doc.lexwareId}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(paid.ok).toBe(true);
    const shopifyOrder = await eventually(async () => {
      const o = (await (await fetch(`${control}/control/shops/${shop}/orders/${order.id}`)).json()) as {
        financial_status: string;
      };
      return o.financial_status === 'paid' && o;
    }, 45_000);
    expect(shopifyOrder.financial_status).toBe('paid');
    await eventually(
      async () => (await documentsTable.first(stack.db, { lexwareId: doc.lexwareId }))?.status === 'paid',
    );
    expect(await eventLogTable.list(stack.db, { shopId: shop, event: 'order.paid' })).toHaveLength(1);
  }, 90_000);
});
