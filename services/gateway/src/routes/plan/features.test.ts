import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cheapestPlanWith,
  featureRequiredMessage,
  PLAN_FEATURES,
  planIncludes,
  type PlanFeature,
} from '@belegfluss/shared';
import { startHarness, type Harness } from '../../../test/harness';
import { shopsTable } from '@belegfluss/db/testing';

/**
 * Plan gating: every gated feature answers 402 with its German text on a
 * plan without it, and 200 on the cheapest plan with it. Each case starts from a fresh shop.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

type Call = { method: string; path: string; body?: unknown; before?: { method: string; path: string; body?: unknown } };
const CASES: Record<Exclude<PlanFeature, 'orders' | 'orderImport'>, Call> = {
  emails: { method: 'PATCH', path: '/api/preferences/invoices', body: { invoiceSendMail: { enabled: true } } },
  emailIntegration: { method: 'GET', path: '/api/metafields/links' },
  layouts: { method: 'PATCH', path: '/api/preferences/credits', body: { creditLayoutPrintLayout: 'layout-2' } },
  deliveryDate: {
    method: 'PATCH',
    path: '/api/preferences/invoices',
    body: { invoiceDeliveryDate0: { event: 'created', modify: 'add', offset: 3, unit: 'day' } },
  },
  metafields: {
    method: 'PATCH',
    path: '/api/preferences/metafields',
    body: { read: [{ resource: 'order', namespace: 'custom', key: 'lieferung' }] },
  },
  tags: { method: 'PATCH', path: '/api/preferences/invoices', body: { skipTags: ['Intern'] } },
  address: { method: 'PATCH', path: '/api/preferences/contacts', body: { contactPushPhone: true } },
  fees: {
    method: 'PATCH',
    path: '/api/preferences/transactions',
    body: { transactionCreate: true, transactionFees: true },
  },
  orderSync: { method: 'PATCH', path: '/api/preferences/orderHandling', body: { syncOrderPayment: true } },
  eInvoice: {
    method: 'PATCH',
    path: '/api/preferences/contacts',
    body: { leitwegSource: 'order-note', vendorNumberAtCustomer: '4711' },
  },
  shopifyPlus: {
    method: 'PATCH',
    path: '/api/preferences/contacts',
    body: { vatIdPlaces: ['order-note', 'company-location'] },
    before: { method: 'PATCH', path: '/api/preferences/contacts', body: { vatIdPlaces: ['order-note'] } },
  },
};

describe('plan gating on the server', () => {
  it.each(Object.entries(CASES))(
    '%s: 402 on a plan without it, 200 on the cheapest plan with it',
    async (feature, call) => {
      const f = feature as PlanFeature;
      const withPlan = cheapestPlanWith(f).id;
      const without = ['free', 'basic', 'standard', 'premium'].filter((p) => !planIncludes(p, f)).pop()!;
      for (const [plan, status] of [
        [without, 402],
        [withPlan, 200],
      ] as const) {
        const shop = `${feature.toLowerCase()}-${plan}.myshopify.com`;
        await h.install(shop, { plan_id: plan });
        if (call.before)
          expect((await h.call(shop, call.before.method, call.before.path, call.before.body)).status).toBe(200);
        const res = await h.call(shop, call.method, call.path, call.body);
        expect(res.status, `${feature} on ${plan}`).toBe(status);
        if (status === 402)
          expect(res.body).toEqual({ error: 'PLAN_FEATURE', message: featureRequiredMessage(f), field: f });
      }
    },
  );

  it('names the feature and the plan that brings it', () => {
    expect(featureRequiredMessage('metafields')).toBe(
      'Die Funktion „Metafelder“ ist in deinem Tarif nicht enthalten. Verfügbar ab dem Tarif Standard.',
    );
  });

  it('lets a shop that downgraded keep saving: only switching a gated feature on is refused', async () => {
    const shop = 'downgraded.myshopify.com';
    await h.install(shop, { plan_id: 'basic' });
    expect((await h.call(shop, 'PATCH', '/api/preferences/invoices', { skipTags: ['intern'] })).status).toBe(200);
    await shopsTable.update(h.db, { id: shop }, { planId: 'free' });
    expect((await h.call(shop, 'PATCH', '/api/preferences/invoices', { invoiceFinalize: false })).status).toBe(200);
    expect((await h.call(shop, 'PATCH', '/api/preferences/invoices', { skipTags: ['intern', 'b2b'] })).status).toBe(
      402,
    );
    expect((await h.call(shop, 'PATCH', '/api/preferences/invoices', { skipTags: [] })).status).toBe(200);
    // Nothing half-written: the refused change left the tags as they were.
    expect((await h.call(shop, 'GET', '/api/preferences/invoices')).body.value.skipTags).toEqual([]);
  });

  it('the order list (every plan) and the one-time import (402 on free) use the same map', async () => {
    expect(PLAN_FEATURES.filter((f) => planIncludes('free', f))).toEqual(['orders']);
    await h.install('orders-free.myshopify.com');
    expect((await h.call('orders-free.myshopify.com', 'GET', '/api/orders')).status).toBe(200);
    expect((await h.call('orders-free.myshopify.com', 'POST', '/api/orders/import?date=2026-01-01')).status).toBe(402);
  });

  it('sends a document by e-mail only on a plan with e-mails', async () => {
    const res = await h.call('orders-free.myshopify.com', 'POST', '/api/orders/1/invoice/email', {
      email: 'kunde@example.de',
    });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe(featureRequiredMessage('emails'));
  });
});
