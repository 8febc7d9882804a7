import { describe, expect, it } from 'vitest';
import {
  applyAutomationDependencies,
  automationBadge,
  automationDisabled,
  AutomationSchema,
  ContactPreferencesSchema,
  CreditPreferencesSchema,
  DEFAULT_CONTACT_PREFERENCES,
  DEFAULT_CREDIT_PREFERENCES,
  DEFAULT_INVOICE_PREFERENCES,
  DEFAULT_ORDER_HANDLING,
  InvoicePreferencesSchema,
  normalizeCreditPreferences,
  normalizeInvoicePreferences,
  OrderHandlingPreferencesSchema,
} from './index';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string; path: PropertyKey[] }> } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

// The defaults are plain data (defaults.ts) so the order workflow need not build the schemas; they must be exactly
// what the schemas make of a shop that set nothing, and a fresh copy each time.
describe('the defaults', () => {
  it.each([
    ['order handling', OrderHandlingPreferencesSchema, DEFAULT_ORDER_HANDLING],
    ['contacts', ContactPreferencesSchema, DEFAULT_CONTACT_PREFERENCES],
    ['credit notes', CreditPreferencesSchema, DEFAULT_CREDIT_PREFERENCES],
    ['invoices', InvoicePreferencesSchema, DEFAULT_INVOICE_PREFERENCES],
  ] as const)('of %s are what the schema makes of nothing', (_, schema, defaults) => {
    const parsed = (schema as { parse(v: unknown): unknown }).parse({});
    expect(parsed).toStrictEqual(defaults);
    expect(parsed).not.toBe(defaults);
  });
});

describe('invoice preferences', () => {
  it('defaults with German texts', () => {
    expect(DEFAULT_INVOICE_PREFERENCES).toMatchObject({
      useDiscount: false,
      asNet: false,
      b2bAsNet: false,
      tagsAsNet: [],
      invoiceCreate: true,
      creditCreate: true,
      skipTags: [],
      invoiceEvent: 'paid',
      invoiceEventExceptions: [],
      invoiceFinalize: true,
      invoiceDate: 'created',
      invoiceDeliveryType: '',
      invoiceDeliveryDate0: { event: 'created', modify: 'none', offset: 0, unit: 'day' },
      invoiceDeliveryDate1: null,
      invoiceReferencePlaces: ['remark'],
      invoiceLayout: {
        title: 'Rechnung',
        itemUnit: 'Stück',
        shippingUnit: 'Versand',
        discountUnit: 'Rabatt',
        include: { sku: false, gtin: false },
      },
      invoiceSendMail: { enabled: false, to: '{ORDER.EMAIL}', attachments: [] },
    });
    expect(DEFAULT_INVOICE_PREFERENCES.invoiceLayout.introduction).toContain('{ORDER.NAME}');
  });

  it('three-position creation switch: false, true (or "all"), or a cutoff day', () => {
    expect(InvoicePreferencesSchema.parse({ invoiceCreate: false }).invoiceCreate).toBe(false);
    expect(InvoicePreferencesSchema.parse({ invoiceCreate: 'all' }).invoiceCreate).toBe(true);
    expect(
      InvoicePreferencesSchema.parse({ invoiceCreate: '2026-12-01', skipTags: [' Intern ', 'intern'] }),
    ).toMatchObject({ invoiceCreate: '2026-12-01', skipTags: ['intern'] });
    expect(messages(InvoicePreferencesSchema.safeParse({ invoiceCreate: '01.12.2026' }))).toEqual([
      'invoiceCreate: Bitte gib ein Datum im Format JJJJ-MM-TT ein',
    ]);
  });

  it('German messages for the limits', () => {
    const r = InvoicePreferencesSchema.safeParse({
      invoiceLayout: { title: 'x'.repeat(257), introduction: 'x'.repeat(2001), itemDetail: 'x'.repeat(1001) },
      invoiceDeliveryDate0: { offset: -1 },
      invoiceSendMail: {
        subject: 'x'.repeat(61),
        to: 'kein-mail',
        attachments: ['https://shop.de/agb.pdf', 'ftp://x', 'https://shop.de/a.exe'],
      },
    });
    expect(messages(r)).toEqual([
      'invoiceDeliveryDate0.offset: Bitte gib eine Zahl ab 0 ein',
      'invoiceLayout.title: Maximal 256 Zeichen',
      'invoiceLayout.introduction: Maximal 2000 Zeichen',
      'invoiceLayout.itemDetail: Maximal 1000 Zeichen',
      'invoiceSendMail.subject: Maximal 60 Zeichen',
      'invoiceSendMail.to: Bitte gib eine gültige E-Mail-Adresse ein',
      'invoiceSendMail.attachments.1: Ungültige URL',
      'invoiceSendMail.attachments.2: Dateityp nicht erlaubt (html, pdf, doc, docx, jpg, jpeg, png, gif)',
    ]);
    expect(messages(InvoicePreferencesSchema.safeParse({ invoiceSendMail: { to: '' } }))).toEqual([
      'invoiceSendMail.to: Empfänger wird benötigt',
    ]);
    expect(
      messages(
        InvoicePreferencesSchema.safeParse({ invoiceSendMail: { attachments: Array(6).fill('https://a.de/x.pdf') } }),
      ),
    ).toEqual(['invoiceSendMail.attachments: Maximal 5 Anhänge']);
  });

  it('created/paid force the dates off fulfilled; mail needs finalize', () => {
    const p = InvoicePreferencesSchema.parse({
      invoiceEvent: 'created',
      invoiceDate: 'fulfilled',
      invoiceDeliveryDate1: { event: 'fulfilled' },
      invoiceFinalize: false,
      invoiceSendMail: { enabled: true },
    });
    const { value, forced } = normalizeInvoicePreferences(p);
    expect(forced).toEqual(['invoiceDate', 'invoiceDeliveryDate1', 'invoiceEnshrine', 'invoiceSendMail.enabled']);
    expect(value.invoiceDate).toBe('created');
    // The spec's default finalising event (fulfilled) cannot apply to an invoice made before the order ships.
    expect(value.invoiceEnshrine).toBe('created');
    const kept = normalizeInvoicePreferences(
      InvoicePreferencesSchema.parse({ invoiceEvent: 'fulfilled', invoiceDate: 'fulfilled' }),
    );
    expect(kept.forced).toEqual([]);
  });
});

describe('credit, contact and order-handling preferences', () => {
  it('credit defaults and limits', () => {
    expect(CreditPreferencesSchema.parse({})).toMatchObject({
      creditCreate: true,
      creditFinalize: true,
      creditLayoutTitle: 'Gutschrift',
      creditReferencePlaces: ['remark'],
      creditSendMailEnabled: false,
    });
    expect(
      messages(
        CreditPreferencesSchema.safeParse({
          creditLayoutItemUnit: 'x'.repeat(1001),
          creditLayoutRemark: 'x'.repeat(2001),
        }),
      ),
    ).toEqual(['creditLayoutRemark: Maximal 2000 Zeichen', 'creditLayoutItemUnit: Maximal 1000 Zeichen']);
    expect(
      CreditPreferencesSchema.parse({ creditSendMailAttachments: [{ value: 'https://a.de/b.pdf', error: null }] })
        .creditSendMailAttachments,
    ).toEqual(['https://a.de/b.pdf']);
    expect(
      normalizeCreditPreferences(CreditPreferencesSchema.parse({ creditFinalize: false, creditSendMailEnabled: true }))
        .value.creditSendMailEnabled,
    ).toBe(false);
  });
  it('contact defaults; tags lower-cased', () => {
    expect(ContactPreferencesSchema.parse({})).toMatchObject({
      contactCreate: 'all',
      contactPushEmail: true,
      vatIdPlaces: ['order-note', 'order-attributes', 'order-billing', 'company-location'],
    });
    expect(ContactPreferencesSchema.parse({ contactCreate: ['B2B', 'b2b '] }).contactCreate).toEqual(['b2b']);
    expect(ContactPreferencesSchema.safeParse({ vatIdPlaces: ['somewhere'] }).success).toBe(false);
  });
  it('order handling defaults: skip POS and free, fix tip tax', () => {
    expect(OrderHandlingPreferencesSchema.parse({})).toEqual({
      fixTaxTip: true,
      fixTaxShipping: false,
      posName: 'pos',
      skipPos: true,
      skipFree: true,
      syncOrderPayment: false,
      deliveryNoteCreate: false,
    });
  });
});

describe('automation', () => {
  const all = AutomationSchema.parse({
    invoiceCreate: 'all',
    creditCreate: true,
    transactionCreate: 'all',
    transactionHints: true,
    transactionFees: true,
  });
  it('invoices off forces credit notes, transactions and hints off', () => {
    const r = applyAutomationDependencies({ ...all, invoiceCreate: false });
    expect(r.value).toEqual({
      invoiceCreate: false,
      creditCreate: false,
      transactionCreate: false,
      transactionHints: false,
      transactionFees: false,
    });
    expect(r.forced).toEqual(['creditCreate', 'transactionCreate', 'transactionHints', 'transactionFees']);
  });
  it('transactions off forces fees and hints off', () => {
    expect(applyAutomationDependencies({ ...all, transactionCreate: false }).value).toMatchObject({
      invoiceCreate: true,
      creditCreate: true,
      transactionFees: false,
      transactionHints: false,
    });
  });
  it('hints without finalised receipts warn', () => {
    expect(applyAutomationDependencies(all, { invoiceFinalize: false }).warnings).toEqual([
      'Hinweise erfordern finalisierte Belege',
    ]);
    expect(applyAutomationDependencies(all, { invoiceFinalize: true, creditFinalize: true }).warnings).toEqual([]);
  });
  it('badge and disabled switches', () => {
    expect(automationBadge(all)).toBe('automated');
    expect(automationBadge({ ...all, transactionCreate: false })).toBe('partial');
    expect(automationBadge({ invoiceCreate: false, creditCreate: false, transactionCreate: false })).toBe('manual');
    expect(automationDisabled({ ...all, invoiceCreate: false })).toMatchObject({
      creditCreate: true,
      transactionCreate: true,
      transactionHints: true,
    });
  });
});

describe('the fields without a form of their own before: due, enshrine, tag, category', () => {
  it('default as the spec says: due started, enshrine fulfilled; the tag "shopify" only; no category', () => {
    expect(DEFAULT_INVOICE_PREFERENCES).toMatchObject({
      invoiceDue: 'started',
      invoiceEnshrine: 'fulfilled',
      invoiceTag: { shopify: true, shop: false, orderId: false, orderTags: false, custom: [] },
    });
    expect(DEFAULT_CONTACT_PREFERENCES.contactCategory).toBe('');
  });

  it('custom tags are lower-cased like every tag, with German messages for their limits', () => {
    expect(InvoicePreferencesSchema.parse({ invoiceTag: { custom: [' Messe ', 'messe', 'B2B'] } }).invoiceTag).toEqual({
      shopify: true,
      shop: false,
      orderId: false,
      orderTags: false,
      custom: ['messe', 'b2b'],
    });
    const many = Array.from({ length: 21 }, (_, i) => `tag${i}`);
    expect(messages(InvoicePreferencesSchema.safeParse({ invoiceTag: { custom: many } }))).toEqual([
      'invoiceTag.custom: Maximal 20 eigene Tags',
    ]);
    expect(messages(InvoicePreferencesSchema.safeParse({ invoiceTag: { custom: ['x'.repeat(51)] } }))).toEqual([
      'invoiceTag.custom.0: Maximal 50 Zeichen',
    ]);
  });

  it('due and enshrine take only the spec’s events', () => {
    expect(InvoicePreferencesSchema.safeParse({ invoiceDue: 'paid' }).success).toBe(false);
    expect(InvoicePreferencesSchema.safeParse({ invoiceEnshrine: 'shipped' }).success).toBe(false);
    expect(InvoicePreferencesSchema.parse({ invoiceEnshrine: 'completed' }).invoiceEnshrine).toBe('completed');
  });

  it('an event of created or paid moves due and enshrine off the fulfilment; later events keep them', () => {
    const early = normalizeInvoicePreferences(
      InvoicePreferencesSchema.parse({ invoiceEvent: 'paid', invoiceDue: 'fulfilled', invoiceEnshrine: 'completed' }),
    );
    expect(early.forced).toEqual(['invoiceDue', 'invoiceEnshrine']);
    expect(early.value).toMatchObject({ invoiceDue: 'started', invoiceEnshrine: 'created' });
    const late = normalizeInvoicePreferences(
      InvoicePreferencesSchema.parse({ invoiceEvent: 'fulfilled', invoiceDue: 'fulfilled' }),
    );
    expect(late.forced).toEqual([]);
    expect(late.value).toMatchObject({ invoiceDue: 'fulfilled', invoiceEnshrine: 'fulfilled' });
  });

  it('the contact category is trimmed text of at most 50 characters', () => {
    expect(ContactPreferencesSchema.parse({ contactCategory: ' Onlineshop ' }).contactCategory).toBe('Onlineshop');
    expect(messages(ContactPreferencesSchema.safeParse({ contactCategory: 'x'.repeat(51) }))).toEqual([
      'contactCategory: Maximal 50 Zeichen',
    ]);
  });
});
