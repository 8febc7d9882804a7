import type { MetafieldResource } from '../preferences/metafields';
import { orderSubtotalCents, orderTaxCents, type ShopifyOrder } from '../shopify-order';
import { cents, formatEuro, ratePercent, sumOf } from './money';
import { customerExtras, itemExtras, orderExtras } from './order-fields';
import type { ShopifyRefund } from './refund-types';

/**
 * Text placeholders: `{ORDER.NAME}`, `{ORDER_ITEM.SKU}`, `{METAFIELD.ORDER.CUSTOM.KEY}`.
 * Names are upper case, groups and fields joined by dots.
 */
export type TemplateVars = Record<string, string>;

const PLACEHOLDER = /\{([A-Z][A-Z0-9_]*(?:\.[A-Z0-9_-]+)+)\}/g;

/** Fills the placeholders; an unknown one becomes empty (on a document) or stays visible (in a preview). */
export function renderTemplate(template: string, vars: TemplateVars, unknown: 'empty' | 'keep' = 'empty'): string {
  return template
    .replace(PLACEHOLDER, (whole, name: string) => vars[name] ?? (unknown === 'keep' ? whole : ''))
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** The placeholders a template uses, e.g. to warn about unknown ones in the settings. */
export function templatePlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

export interface MetafieldValue {
  resource: MetafieldResource;
  namespace: string;
  key: string;
  value: string;
}

/** `METAFIELD.{resource.namespace.key}` in upper case. */
export function metafieldVar(m: Pick<MetafieldValue, 'resource' | 'namespace' | 'key'>): string {
  return `METAFIELD.${m.resource}.${m.namespace}.${m.key}`.toUpperCase();
}

type LineItem = ShopifyOrder['line_items'][number];
type ShippingLine = ShopifyOrder['shipping_lines'][number];

export interface DiscountInfo {
  title: string;
  code: string;
  type: string;
  value: string;
}

export interface TemplateContext {
  item?: LineItem;
  shipping?: ShippingLine;
  discount?: DiscountInfo;
  refund?: ShopifyRefund;
  metafields?: readonly MetafieldValue[];
}

const money = (c: number, currency: string) => formatEuro(c, currency);

function addressText(a: ShopifyOrder['billing_address']): string {
  if (!a) return '';
  const name = [a.first_name, a.last_name].filter(Boolean).join(' ');
  return [a.company, name, a.address1, a.address2, [a.zip, a.city].filter(Boolean).join(' '), a.country_code]
    .filter(Boolean)
    .join(', ');
}

/** The discounts an order carries, by application index, with the code or title to print. */
export function orderDiscounts(order: ShopifyOrder): DiscountInfo[] {
  const x = orderExtras(order);
  if (x.discount_applications.length > 0) {
    return x.discount_applications.map((d) => ({
      title: d.title ?? d.code ?? d.description ?? 'Rabatt',
      code: d.code ?? '',
      type: d.value_type ?? d.type ?? '',
      value: d.value ?? '',
    }));
  }
  return x.discount_codes.map((d) => ({ title: d.code, code: d.code, type: d.type ?? '', value: d.amount ?? '' }));
}

/** Every placeholder value for an order, plus the item, shipping, discount or refund being printed. */
export function templateVars(order: ShopifyOrder, ctx: TemplateContext = {}): TemplateVars {
  return orderTemplateVars(order)(ctx);
}

/**
 * The same, with the order's own placeholders worked out once: a document's positions print each of its lines
 * with them, and reading the order's extras, discounts and amounts again for every line cost more than the rest.
 */
export function orderTemplateVars(order: ShopifyOrder): (ctx?: TemplateContext) => TemplateVars {
  const x = orderExtras(order);
  const c = customerExtras(order);
  const cur = order.currency;
  const customerName =
    [order.customer?.first_name, order.customer?.last_name].filter(Boolean).join(' ') ||
    [order.billing_address?.first_name, order.billing_address?.last_name].filter(Boolean).join(' ');
  const discounts = orderDiscounts(order);
  const tracking = x.fulfillments.map((f) => f.tracking_url ?? f.tracking_urls?.[0]).find(Boolean) ?? '';
  const base: TemplateVars = {
    'ORDER.ID': String(order.id),
    'ORDER.NAME': order.name,
    'ORDER.NUMBER': order.name.replace(/^#/, ''),
    'ORDER.GATEWAY': order.payment_gateway_names[0] ?? order.gateway ?? '',
    'ORDER.PAYMENT_STATUS': order.financial_status ?? '',
    'ORDER.FULFILLMENT_STATUS': order.fulfillment_status ?? '',
    'ORDER.EMAIL': order.email ?? order.customer?.email ?? '',
    'ORDER.CUSTOMER_EMAIL': order.customer?.email ?? order.email ?? '',
    'ORDER.CUSTOMER_NAME': customerName,
    'ORDER.CUSTOMER_ID': order.customer ? String(order.customer.id) : '',
    'ORDER.LANGUAGE': (x.customer_locale ?? c.locale ?? 'de').slice(0, 2),
    'ORDER.LOCALE': x.customer_locale ?? c.locale ?? 'de',
    'ORDER.BILLING_ADDRESS': addressText(order.billing_address),
    'ORDER.SHIPPING_ADDRESS': addressText(order.shipping_address),
    'ORDER.NOTE': order.note ?? '',
    'ORDER.CURRENCY': cur,
    'ORDER.LINE_ITEMS': String(order.line_items.length),
    'ORDER.SUBTOTAL': money(orderSubtotalCents(order), cur),
    'ORDER.TAX': money(orderTaxCents(order), cur),
    'ORDER.TOTAL': money(cents(order.total_price), cur),
    'ORDER.TAGS': order.tags,
    'ORDER.TRACKING_URL': tracking,
    'ORDER.STATUS_URL': x.order_status_url ?? '',
    'ORDER.CODE': discounts
      .map((d) => d.code)
      .filter(Boolean)
      .join(', '),
    'ORDER.COMPANY': order.billing_address?.company ?? order.shipping_address?.company ?? '',
    'ORDER.CREATED_AT': order.created_at.slice(0, 10),
  };
  for (const attr of x.note_attributes)
    base[`ORDER.ATTRIBUTE.${attr.name.toUpperCase().replace(/[^A-Z0-9_-]/g, '_')}`] = String(attr.value ?? '');
  return (ctx = {}) => ({ ...base, ...contextVars(cur, ctx) });
}

/** The placeholders of the item, shipping, discount or refund being printed, and the metafields read for it. */
function contextVars(cur: string, ctx: TemplateContext): TemplateVars {
  const vars: TemplateVars = {};
  if (ctx.item) {
    const item = ctx.item;
    const ix = itemExtras(item);
    Object.assign(vars, {
      'ORDER_ITEM.SKU': item.sku ?? '',
      'ORDER_ITEM.TITLE': item.title,
      'ORDER_ITEM.VARIANT_TITLE': item.variant_title ?? '',
      'ORDER_ITEM.NAME': ix.name ?? (item.variant_title ? `${item.title} - ${item.variant_title}` : item.title),
      'ORDER_ITEM.PRICE': money(cents(item.price), cur),
      'ORDER_ITEM.QUANTITY': String(item.quantity),
      'ORDER_ITEM.VENDOR': ix.vendor ?? '',
      'ORDER_ITEM.GTIN': ix.barcode ?? '',
      'ORDER_ITEM.PROPERTIES': ix.properties
        .filter((p) => !p.name.startsWith('_'))
        .map((p) => `${p.name}: ${String(p.value)}`)
        .join(', '),
    });
  }
  if (ctx.shipping) {
    const s = ctx.shipping;
    Object.assign(vars, {
      'ORDER_SHIPPING.TITLE': s.title,
      'ORDER_SHIPPING.CODE': typeof s.code === 'string' ? s.code : s.title,
      'ORDER_SHIPPING.PRICE': money(cents(s.discounted_price ?? s.price), cur),
      'ORDER_SHIPPING.RATE': s.tax_lines[0] ? `${ratePercent(s.tax_lines[0].rate)} %` : '0 %',
      'ORDER_SHIPPING.TAXES': money(sumOf(s.tax_lines.map((t) => cents(t.price))), cur),
    });
  }
  if (ctx.discount) {
    Object.assign(vars, {
      'ORDER_DISCOUNT.TITLE': ctx.discount.title,
      'ORDER_DISCOUNT.CODE': ctx.discount.code,
      'ORDER_DISCOUNT.TYPE': ctx.discount.type,
      'ORDER_DISCOUNT.VALUE': ctx.discount.value,
    });
  }
  if (ctx.refund) {
    const r = ctx.refund;
    Object.assign(vars, {
      'ORDER_REFUND.ID': String(r.id),
      'ORDER_REFUND.NOTE': r.note ?? '',
      'ORDER_REFUND.POSITIONS': String(r.refund_line_items.length),
      'ORDER_REFUND.QUANTITY': String(sumOf(r.refund_line_items.map((l) => l.quantity))),
    });
  }
  for (const m of ctx.metafields ?? []) vars[metafieldVar(m)] = m.value;
  return vars;
}

/** The placeholder picker's catalogue: each name with a German label, grouped as the templates group them. */
export const TEMPLATE_VARIABLES: Record<
  'ORDER' | 'ORDER_ITEM' | 'ORDER_SHIPPING' | 'ORDER_DISCOUNT' | 'ORDER_REFUND',
  Record<string, string>
> = {
  ORDER: {
    'ORDER.ID': 'Bestell-ID',
    'ORDER.NAME': 'Bestellnummer',
    'ORDER.NUMBER': 'Bestellnummer ohne #',
    'ORDER.GATEWAY': 'Zahlungsart',
    'ORDER.PAYMENT_STATUS': 'Zahlungsstatus',
    'ORDER.EMAIL': 'E-Mail der Bestellung',
    'ORDER.CUSTOMER_EMAIL': 'E-Mail des Kunden',
    'ORDER.CUSTOMER_NAME': 'Name des Kunden',
    'ORDER.CUSTOMER_ID': 'Kunden-ID',
    'ORDER.LANGUAGE': 'Sprache',
    'ORDER.LOCALE': 'Gebietsschema',
    'ORDER.BILLING_ADDRESS': 'Rechnungsadresse',
    'ORDER.SHIPPING_ADDRESS': 'Lieferadresse',
    'ORDER.NOTE': 'Bestellnotiz',
    'ORDER.CURRENCY': 'Währung',
    'ORDER.LINE_ITEMS': 'Anzahl Positionen',
    'ORDER.TAX': 'Steuer',
    'ORDER.TOTAL': 'Gesamtbetrag',
    'ORDER.TAGS': 'Tags',
    'ORDER.TRACKING_URL': 'Sendungsverfolgung',
    'ORDER.CODE': 'Rabattcode',
    'ORDER.COMPANY': 'Firma',
  },
  ORDER_ITEM: {
    'ORDER_ITEM.SKU': 'Artikelnummer',
    'ORDER_ITEM.TITLE': 'Artikel',
    'ORDER_ITEM.VARIANT_TITLE': 'Variante',
    'ORDER_ITEM.NAME': 'Artikel mit Variante',
    'ORDER_ITEM.PRICE': 'Preis',
    'ORDER_ITEM.QUANTITY': 'Menge',
    'ORDER_ITEM.VENDOR': 'Hersteller',
    'ORDER_ITEM.PROPERTIES': 'Eigenschaften',
  },
  ORDER_SHIPPING: {
    'ORDER_SHIPPING.TITLE': 'Versandart',
    'ORDER_SHIPPING.CODE': 'Versandcode',
    'ORDER_SHIPPING.PRICE': 'Versandkosten',
    'ORDER_SHIPPING.RATE': 'Steuersatz',
    'ORDER_SHIPPING.TAXES': 'Steuer auf Versand',
  },
  ORDER_DISCOUNT: {
    'ORDER_DISCOUNT.TITLE': 'Rabatt',
    'ORDER_DISCOUNT.CODE': 'Rabattcode',
    'ORDER_DISCOUNT.TYPE': 'Rabattart',
    'ORDER_DISCOUNT.VALUE': 'Rabattwert',
  },
  ORDER_REFUND: {
    'ORDER_REFUND.ID': 'Erstattungs-ID',
    'ORDER_REFUND.NOTE': 'Erstattungsnotiz',
    'ORDER_REFUND.POSITIONS': 'Erstattete Positionen',
    'ORDER_REFUND.QUANTITY': 'Erstattete Menge',
  },
};

export type TemplateGroup = keyof typeof TEMPLATE_VARIABLES;

/** The picker's heading for each group, in the order it lists them. */
export const TEMPLATE_GROUP_LABELS: Record<TemplateGroup, string> = {
  ORDER: 'Bestellung',
  ORDER_ITEM: 'Artikel',
  ORDER_SHIPPING: 'Versand',
  ORDER_DISCOUNT: 'Rabatt',
  ORDER_REFUND: 'Erstattung',
};

/**
 * The line a text describes, read from its field name (`itemTitle`, `shippingDetail`, `discountTitle`): the
 * invoice and credit-note positions render those texts with that line as context.
 */
function lineGroup(field: string): TemplateGroup | undefined {
  const f = field.toLowerCase();
  if (f.includes('item')) return 'ORDER_ITEM';
  if (f.includes('shipping')) return 'ORDER_SHIPPING';
  if (f.includes('discount')) return 'ORDER_DISCOUNT';
  return undefined;
}

export interface TemplatePlaceholders {
  groups: TemplateGroup[];
  /** Whether the shop's `{METAFIELD.…}` placeholders are read for the text. */
  metafields: boolean;
}

/**
 * The placeholders a text is rendered with, as the documents and the mail render it: every text knows ORDER,
 * a position text its line, a credit note's texts the refund, and document texts the shop's metafields. The
 * mail is rendered with the order alone.
 */
export function templateGroupsFor(template: 'invoice' | 'credit' | 'mail', field = ''): TemplatePlaceholders {
  if (template === 'mail') return { groups: ['ORDER'], metafields: false };
  const line = lineGroup(field);
  const groups: TemplateGroup[] = [
    'ORDER',
    ...(line ? [line] : []),
    ...(template === 'credit' ? ['ORDER_REFUND' as const] : []),
  ];
  return { groups, metafields: true };
}

/**
 * What `GET /api/lexoffice/vars?value&type&field` answers: the template rendered for an order with the groups
 * `templateGroupsFor` names for it, the first item, shipping line, discount or refund standing in for its line.
 * A placeholder the text is not rendered with stays visible.
 */
export function previewTemplate(
  value: string,
  order: ShopifyOrder,
  template: 'invoice' | 'credit' | 'mail',
  field = '',
  metafields?: readonly MetafieldValue[],
): string {
  const { groups, metafields: readsMetafields } = templateGroupsFor(template, field);
  const ctx: TemplateContext = { metafields: readsMetafields ? metafields : undefined };
  if (groups.includes('ORDER_REFUND')) ctx.refund = order.refunds[0] as ShopifyRefund | undefined;
  if (groups.includes('ORDER_ITEM')) ctx.item = order.line_items[0];
  if (groups.includes('ORDER_SHIPPING')) ctx.shipping = order.shipping_lines[0];
  if (groups.includes('ORDER_DISCOUNT')) ctx.discount = orderDiscounts(order)[0];
  return renderTemplate(value, templateVars(order, ctx), 'keep');
}
