import { describe, expect, it } from 'vitest';
import { describeLogEntry } from './log-catalogue';
import { enforcePlan, PLAN_FEATURES, planFeatures, planIncludes, ruleTags, withheldForOrder } from './plan-features';
import {
  DEFAULT_CONTACT_PREFERENCES,
  DEFAULT_CREDIT_PREFERENCES,
  DEFAULT_INVOICE_PREFERENCES,
  DEFAULT_ORDER_HANDLING,
} from './preferences';
import { DEFAULT_TRANSACTION_PREFERENCES } from './preferences/transactions';

const defaults = {
  invoices: DEFAULT_INVOICE_PREFERENCES,
  credits: DEFAULT_CREDIT_PREFERENCES,
  contacts: DEFAULT_CONTACT_PREFERENCES,
  orderHandling: DEFAULT_ORDER_HANDLING,
  metafields: { read: [], write: [] as unknown[] },
  transactions: DEFAULT_TRANSACTION_PREFERENCES,
};
/** What a shop on Business had set up before it downgraded. */
const setUp = {
  ...defaults,
  invoices: {
    ...DEFAULT_INVOICE_PREFERENCES,
    skipTags: ['intern'],
    tagsAsNet: ['b2b'],
    invoiceSendMail: { ...DEFAULT_INVOICE_PREFERENCES.invoiceSendMail, enabled: true },
    invoiceLayout: { ...DEFAULT_INVOICE_PREFERENCES.invoiceLayout, printLayout: 'layout-2' },
    invoiceDeliveryDate0: { event: 'fulfilled' as const, modify: 'add' as const, offset: 3, unit: 'day' as const },
  },
  contacts: { ...DEFAULT_CONTACT_PREFERENCES, contactPushPhone: true, contactCreate: ['vip'] },
  orderHandling: { ...DEFAULT_ORDER_HANDLING, syncOrderPayment: true },
  metafields: { read: [], write: [{ resource: 'order', namespace: 'belegfluss', key: 'invoice_number' }] },
  transactions: { ...DEFAULT_TRANSACTION_PREFERENCES, transactionFees: true },
};

describe('enforcePlan (the worker after a downgrade)', () => {
  it('turns off every feature the plan lacks and names the ones the merchant had set up', () => {
    const { sections: s, withheld } = enforcePlan('free', setUp, defaults);
    expect(withheld.sort()).toEqual([
      'address',
      'deliveryDate',
      'emails',
      'fees',
      'layouts',
      'metafields',
      'orderSync',
      'tags',
    ]);
    expect(s.invoices.invoiceSendMail.enabled).toBe(false);
    expect(s.invoices.skipTags).toEqual([]);
    expect(s.invoices.tagsAsNet).toEqual([]);
    expect(s.invoices.invoiceLayout.printLayout).toBeNull();
    expect(s.invoices.invoiceDeliveryDate0).toMatchObject({ event: 'created', modify: 'none', offset: 0 });
    expect(s.contacts).toMatchObject({ contactPushPhone: false, contactCreate: 'all' });
    // The company location needs Shopify Plus (Business); it is a default, so it is turned off without a note.
    expect(s.contacts.vatIdPlaces).not.toContain('company-location');
    expect(s.orderHandling.syncOrderPayment).toBe(false);
    expect(s.metafields.write).toEqual([]);
    expect(s.transactions.transactionFees).toBe(false);
    // The saved settings themselves stay as they were, ready for an upgrade.
    expect(setUp.invoices.skipTags).toEqual(['intern']);
  });

  it('keeps what the plan includes: Basic keeps mail, tags, contact data and the payment sync', () => {
    const { sections: s, withheld } = enforcePlan('basic', setUp, defaults);
    expect(withheld.sort()).toEqual(['deliveryDate', 'fees', 'layouts', 'metafields']);
    expect(s.invoices.invoiceSendMail.enabled).toBe(true);
    expect(s.invoices.skipTags).toEqual(['intern']);
    expect(s.orderHandling.syncOrderPayment).toBe(true);
    expect(enforcePlan('business', setUp, defaults)).toEqual({ sections: setUp, withheld: [] });
  });

  it('says in the log why, in German, with the plan that brings the feature back', () => {
    expect(
      describeLogEntry({ origin: 'order', event: 'plan.feature.withheld', body: { feature: 'emails', plan: 'free' } }),
    ).toEqual({
      text: '„E-Mail-Versand“ ist eingerichtet, aber im Tarif Free nicht enthalten und wurde bei dieser Bestellung übersprungen. Verfügbar ab dem Tarif Basic',
      link: { url: '/plan', label: 'Abonnement' },
    });
  });
});

describe("withheldForOrder (which withheld features the order's log names)", () => {
  const withheld = ['emails', 'tags', 'orderSync', 'layouts'] as const;
  const tags = ruleTags({ invoices: { skipTags: ['Intern', 'b2b'] }, contacts: { contactCreate: 'all' } });
  const order = (o: { tags?: string; email?: string | null; financial_status?: string }) =>
    ({ tags: '', email: 'kundin@example.de', financial_status: 'pending', customer: null, ...o }) as never;

  it('names a tag rule only for an order carrying one of its tags', () => {
    expect(tags).toEqual(['intern', 'b2b']);
    expect(withheldForOrder(withheld, tags, order({ tags: 'Geschenk, INTERN' }))).toContain('tags');
    expect(withheldForOrder(withheld, tags, order({ tags: 'Geschenk' }))).not.toContain('tags');
  });

  it('names mail only for a buyer with an e-mail, the rest always', () => {
    expect(withheldForOrder(withheld, tags, order({ email: null, financial_status: 'paid' }))).toEqual([
      'orderSync',
      'layouts',
    ]);
    expect(withheldForOrder(withheld, tags, order({}))).toEqual(['emails', 'orderSync', 'layouts']);
  });
});

describe('the feature map against the specs, line by line', () => {
  it('plans gate exactly these features (plus e-invoices), orderImport valued at the one-time price', () => {
    // eInvoice is behind the plan gate too; it comes with metafields (Standard), one of its sources.
    expect([...PLAN_FEATURES]).toEqual([
      'orders',
      'emails',
      'emailIntegration',
      'layouts',
      'deliveryDate',
      'metafields',
      'tags',
      'address',
      'fees',
      'orderSync',
      'orderImport',
      'shopifyPlus',
      'eInvoice',
    ]);
    // The import prices; the historical import is disabled on the free plan.
    const prices = Object.fromEntries(
      ['free', 'basic', 'standard', 'premium', 'business', 'corporate', 'enterprise', 'custom'].map((p) => [
        p,
        planFeatures(p).orderImport,
      ]),
    );
    expect(prices).toEqual({
      free: false,
      basic: 99,
      standard: 129,
      premium: 239,
      business: 379,
      corporate: 1999,
      enterprise: 8999,
      custom: 9999,
    });
  });

  it('orderImport, emails, emailIntegration and deliveryDate are gated (none on Free); Free makes documents', () => {
    for (const f of ['orderImport', 'emails', 'emailIntegration', 'deliveryDate'] as const)
      expect(planIncludes('free', f), f).toBe(false);
    expect(planIncludes('free', 'orders')).toBe(true);
  });

  it('a larger plan never loses a feature of a smaller one', () => {
    const order = ['free', 'basic', 'standard', 'premium', 'business', 'corporate', 'enterprise', 'custom'];
    for (const f of PLAN_FEATURES) {
      const from = order.findIndex((p) => planIncludes(p, f));
      expect(
        order.slice(from).every((p) => planIncludes(p, f)),
        f,
      ).toBe(true);
    }
  });
});
