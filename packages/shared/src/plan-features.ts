import { splitTags } from './domain/order-fields';
import { orderImportPrice, PLANS, planById, type Plan, type PlanId } from './plans';
import type { ShopifyOrder } from './shopify-order';

/**
 * The features plans gate, in one map. The gateway checks them (402), the front ends
 * lock them with the feature-lock overlay and the plan table lists them, all from here.
 */
export const PLAN_FEATURES = [
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
] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

/** What each feature is called and does, in the merchant's words. */
export const FEATURE_INFO: Record<PlanFeature, { title: string; description: string }> = {
  orders: {
    title: 'Belege für Bestellungen',
    description: 'Rechnungen, Gutschriften und Kontakte aus deinen Bestellungen',
  },
  emails: { title: 'E-Mail-Versand', description: 'Belege per E-Mail senden, von Hand und automatisch' },
  emailIntegration: { title: 'E-Mail-Integration', description: 'Links zu Belegen in den Shopify-Benachrichtigungen' },
  layouts: { title: 'Drucklayouts', description: 'Eigene Drucklayouts aus Lexware Office je Belegart' },
  deliveryDate: { title: 'Lieferdatum', description: 'Lieferdatum und Leistungszeitraum nach eigenen Regeln' },
  metafields: { title: 'Metafelder', description: 'Metafelder lesen und Belegdaten in Shopify schreiben' },
  tags: { title: 'Tag-Regeln', description: 'Bestellungen und Kunden nach Tags ausschließen oder einbeziehen' },
  address: {
    title: 'Erweiterte Kontaktdaten',
    description: 'Telefon, Kundennummer, Shop und Notiz im Lexware-Kontakt',
  },
  fees: { title: 'Gebühren', description: 'Zahlungsgebühren als eigene Umsätze' },
  orderSync: { title: 'Zahlstatus-Abgleich', description: 'Bestellungen in Shopify als bezahlt markieren' },
  orderImport: {
    title: 'Import älterer Bestellungen',
    description: 'Belege für Bestellungen vor der Installation (Einmalkauf)',
  },
  shopifyPlus: { title: 'Shopify Plus', description: 'USt-IdNr. aus Shopify-B2B-Firmenstandorten' },
  eInvoice: { title: 'E-Rechnung', description: 'XRechnung mit Leitweg-ID und ZUGFeRD für Firmenkunden' },
};

/** The smallest plan each feature comes with; larger plans include everything of smaller ones. */
const INCLUDED_FROM: Record<Exclude<PlanFeature, 'orderImport'>, PlanId> = {
  orders: 'free',
  emails: 'basic',
  tags: 'basic',
  orderSync: 'basic',
  address: 'basic',
  metafields: 'standard',
  layouts: 'standard',
  deliveryDate: 'standard',
  fees: 'standard',
  eInvoice: 'standard',
  // The link wizard writes a metafield per document link, so it needs metafields too.
  emailIntegration: 'premium',
  shopifyPlus: 'business',
};

const rank = (id: string) => PLANS.findIndex((p) => p.id === id);

/**
 * `plan.features`: each feature true or false; orderImport's value is the one-time
 * price, or false where the plan can't buy it.
 */
export function planFeatures(planId: string): Record<PlanFeature, boolean | number> {
  const plan = planById(planId);
  const included = Object.fromEntries(
    Object.entries(INCLUDED_FROM).map(([f, from]) => [f, rank(plan.id) >= rank(from)]),
  );
  return { ...included, orderImport: orderImportPrice(plan.id) ?? false } as Record<PlanFeature, boolean | number>;
}

/** Whether the plan includes the feature (orderImport: whether it can be bought on this plan). */
export function planIncludes(planId: string, feature: PlanFeature): boolean {
  return planFeatures(planId)[feature] !== false;
}

/** The cheapest public plan that includes the feature. */
export function cheapestPlanWith(feature: PlanFeature): Plan {
  return PLANS.find((p) => !p.private && planIncludes(p.id, feature)) ?? PLANS[PLANS.length - 1]!;
}

/** The 402 text: what is missing and which plan brings it. */
export function featureRequiredMessage(feature: PlanFeature): string {
  return `Die Funktion „${FEATURE_INFO[feature].title}“ ist in deinem Tarif nicht enthalten. Verfügbar ab dem Tarif ${cheapestPlanWith(feature).name}.`;
}

/** `plan.color`, `tagline`, `requires`: how the plan table presents each plan. */
export const PLAN_PRESENTATION: Record<
  PlanId,
  { color: 'base' | 'info' | 'success' | 'attention' | 'warning' | 'magic'; tagline: string; requires: string | null }
> = {
  free: { color: 'base', tagline: 'Zum Ausprobieren', requires: null },
  basic: {
    color: 'info',
    tagline: 'Für kleine Shops',
    requires: 'Nur für Shops im Shopify-Tarif Basic (oder Test-, Partner- und Mitarbeiter-Shops)',
  },
  standard: { color: 'success', tagline: 'Für wachsende Shops', requires: null },
  premium: { color: 'attention', tagline: 'Für etablierte Shops', requires: null },
  business: { color: 'warning', tagline: 'Für große Shops mit Shopify Plus', requires: null },
  corporate: { color: 'magic', tagline: 'Für sehr große Shops', requires: null },
  enterprise: { color: 'magic', tagline: 'Für Konzerne', requires: null },
  custom: { color: 'magic', tagline: 'Individuell vereinbart', requires: null },
};

type Sections = Record<string, Record<string, unknown> | undefined>;
const get = (v: Sections, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), v);
const on = (v: unknown) => v === true;
const set = (v: unknown) => v !== null && v !== undefined && v !== '';
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const entries = (v: unknown) => (Array.isArray(v) ? v.map((e) => JSON.stringify(e)) : []);
/** Sets a value at a dotted path of a section, leaving a section the shop never saved alone. */
const put = (v: Sections, path: string, value: unknown | ((old: unknown) => unknown)): void => {
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce<unknown>(
    (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
    v,
  );
  if (!parent || typeof parent !== 'object' || !(last in parent)) return;
  const p = parent as Record<string, unknown>;
  p[last] = typeof value === 'function' ? (value as (old: unknown) => unknown)(p[last]) : value;
};

const TAG_PATHS = [
  'invoices.skipTags',
  'invoices.tagsAsNet',
  'invoices.invoiceSendMail.skipTags',
  'credits.creditSendMailSkipTags',
  'contacts.contactCreate',
];
const LAYOUT_PATHS = ['invoices.invoiceLayout.printLayout', 'credits.creditLayoutPrintLayout'];
const PUSH_KEYS = ['contactPushPhone', 'contactPushShop', 'contactPushCustomer', 'contactPushNote'].map(
  (k) => `contacts.${k}`,
);

/**
 * The settings each gated feature lives in, one rule per feature for the gateway and the worker:
 * `uses` says whether a change of the preferences switches the feature on (a value a plan gates that
 * was off or different before and is used now; switching off, and keeping what a shop had before a
 * downgrade, is always allowed, so a smaller plan never blocks saving the rest of a page);
 * `withhold` turns it off in the sections the worker acts on, so a shop that downgraded no longer
 * gets it (emailIntegration, the link wizard, and orderImport, a purchase, have no setting here).
 */
const RULES: {
  feature: PlanFeature;
  uses: (before: Sections, after: Sections) => boolean;
  withhold: (s: Sections) => void;
}[] = [
  {
    feature: 'emails',
    uses: (b, a) =>
      ['invoices.invoiceSendMail.enabled', 'credits.creditSendMailEnabled'].some(
        (p) => on(get(a, p)) && !on(get(b, p)),
      ),
    withhold: (s) =>
      ['invoices.invoiceSendMail.enabled', 'credits.creditSendMailEnabled'].forEach((p) => put(s, p, false)),
  },
  {
    feature: 'layouts',
    uses: (b, a) => LAYOUT_PATHS.some((p) => set(get(a, p)) && !same(get(a, p), get(b, p))),
    withhold: (s) => LAYOUT_PATHS.forEach((p) => put(s, p, null)),
  },
  {
    feature: 'deliveryDate',
    uses: (b, a) =>
      ['invoices.invoiceDeliveryDate0', 'invoices.invoiceDeliveryDate1'].some(
        (p) => !same(get(a, p), get(b, p)) && !isPlainDeliveryDate(get(a, p)),
      ),
    withhold: (s) => {
      put(s, 'invoices.invoiceDeliveryDate0', (d: unknown) => ({
        ...(d as object),
        event: 'created',
        modify: 'none',
        offset: 0,
      }));
      put(s, 'invoices.invoiceDeliveryDate1', null);
    },
  },
  {
    feature: 'tags',
    uses: (b, a) => TAG_PATHS.some((p) => list(get(a, p)).some((t) => !list(get(b, p)).includes(t))),
    withhold: (s) => TAG_PATHS.forEach((p) => put(s, p, p === 'contacts.contactCreate' ? 'all' : [])),
  },
  {
    feature: 'address',
    uses: (b, a) => PUSH_KEYS.some((p) => on(get(a, p)) && !on(get(b, p))),
    withhold: (s) => PUSH_KEYS.forEach((p) => put(s, p, false)),
  },
  {
    feature: 'fees',
    uses: (b, a) => on(get(a, 'transactions.transactionFees')) && !on(get(b, 'transactions.transactionFees')),
    withhold: (s) => put(s, 'transactions.transactionFees', false),
  },
  {
    feature: 'orderSync',
    uses: (b, a) => on(get(a, 'orderHandling.syncOrderPayment')) && !on(get(b, 'orderHandling.syncOrderPayment')),
    withhold: (s) => put(s, 'orderHandling.syncOrderPayment', false),
  },
  {
    feature: 'metafields',
    uses: (b, a) =>
      ['metafields.read', 'metafields.write'].some((p) =>
        entries(get(a, p)).some((e) => !entries(get(b, p)).includes(e)),
      ),
    withhold: (s) => ['metafields.read', 'metafields.write'].forEach((p) => put(s, p, [])),
  },
  {
    feature: 'eInvoice',
    uses: (b, a) =>
      (set(get(a, 'contacts.leitwegSource')) &&
        get(a, 'contacts.leitwegSource') !== 'none' &&
        !same(get(a, 'contacts.leitwegSource'), get(b, 'contacts.leitwegSource'))) ||
      (on(get(a, 'contacts.eInvoiceNet')) && !on(get(b, 'contacts.eInvoiceNet'))),
    withhold: (s) => {
      put(s, 'contacts.leitwegSource', 'none');
      put(s, 'contacts.eInvoiceNet', false);
    },
  },
  {
    feature: 'shopifyPlus',
    uses: (b, a) =>
      list(get(a, 'contacts.vatIdPlaces')).includes('company-location') &&
      !list(get(b, 'contacts.vatIdPlaces')).includes('company-location'),
    withhold: (s) => put(s, 'contacts.vatIdPlaces', (v: unknown) => list(v).filter((p) => p !== 'company-location')),
  },
];

/** The delivery date as it is without the feature: the order's date, unmoved, and no span. */
function isPlainDeliveryDate(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  const d = v as { event?: string; modify?: string; offset?: number };
  return d.event === 'created' && (d.modify ?? 'none') === 'none' && (d.offset ?? 0) === 0;
}

export function featuresTurnedOn(before: Sections, after: Sections): PlanFeature[] {
  return RULES.filter((r) => r.uses(before, after)).map((r) => r.feature);
}

/**
 * The plan applied to the preferences the worker acts on, e.g. after a downgrade:
 * every feature the plan lacks is turned off in a copy of the sections. `withheld` names the ones
 * the merchant had set up beyond the defaults, so the event log can say why they did not run.
 */
export function enforcePlan<T extends Sections>(
  planId: string,
  sections: T,
  defaults: Sections = {},
): { sections: T; withheld: PlanFeature[] } {
  const copy = structuredClone(sections);
  const withheld: PlanFeature[] = [];
  for (const rule of RULES) {
    if (planIncludes(planId, rule.feature)) continue;
    if (rule.uses(defaults, copy)) withheld.push(rule.feature);
    rule.withhold(copy);
  }
  return { sections: copy, withheld };
}

/** The tags the shop's tag rules name, lower-cased: what a withheld tag rule would have matched. */
export function ruleTags(sections: Sections): string[] {
  return [...new Set(TAG_PATHS.flatMap((p) => list(get(sections, p)).map((t) => t.toLowerCase())))];
}

/**
 * Of the features a plan withholds, those that would have acted on this order, so the order's log
 * names only these: a tag rule only for an order with one of its tags, mail only for a buyer with an
 * e-mail address. The rest touch every order. (The payment sync is named for every order too: whether the
 * order was still unpaid depends on which webhook the worker saw first, and a log must not depend on that.)
 */
export function withheldForOrder(
  withheld: readonly PlanFeature[],
  tags: readonly string[],
  order: Pick<ShopifyOrder, 'tags' | 'email' | 'customer'>,
): PlanFeature[] {
  const orderTags = splitTags(order.tags).map((t) => t.toLowerCase());
  return withheld.filter((feature) => {
    if (feature === 'tags') return orderTags.some((t) => tags.includes(t));
    if (feature === 'emails') return Boolean(order.email || order.customer?.email);
    return true;
  });
}
