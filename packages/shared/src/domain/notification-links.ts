import type { MetafieldWriteEntry, WritableMetafield } from '../preferences/metafields';

/**
 * The e-mail link wizard: HTML snippets for the shop's own Shopify
 * notifications, 20 templates in 4 groups, that link to the document PDF through the
 * metafield the app writes to the order.
 */
export type LinkedDocument = 'invoice' | 'credit';

export interface NotificationTemplate {
  id: string;
  title: string;
  document: LinkedDocument;
}
export interface NotificationGroup {
  id: string;
  title: string;
  templates: NotificationTemplate[];
}

const t = (id: string, title: string, document: LinkedDocument = 'invoice'): NotificationTemplate => ({
  id,
  title,
  document,
});

export const NOTIFICATION_GROUPS: readonly NotificationGroup[] = [
  {
    id: 'orders',
    title: 'Bestellungen',
    templates: [
      t('order_confirmation', 'Bestellbestätigung'),
      t('order_invoice', 'Bestellrechnung'),
      t('draft_order_invoice', 'Rechnung zur Entwurfsbestellung'),
      t('order_edited', 'Bestellung bearbeitet'),
      t('order_canceled', 'Bestellung storniert', 'credit'),
    ],
  },
  {
    id: 'payments',
    title: 'Zahlungen und Erstattungen',
    templates: [
      t('order_refund', 'Rückerstattung', 'credit'),
      t('payment_reminder', 'Zahlungserinnerung'),
      t('payment_error', 'Zahlungsfehler'),
      t('pending_payment_success', 'Ausstehende Zahlung erfolgreich'),
      t('pending_payment_error', 'Fehler bei ausstehender Zahlung'),
    ],
  },
  {
    id: 'shipping',
    title: 'Versand',
    templates: [
      t('shipping_confirmation', 'Versandbestätigung'),
      t('shipping_update', 'Versandaktualisierung'),
      t('shipment_out_for_delivery', 'Sendung in Zustellung'),
      t('shipment_delivered', 'Sendung zugestellt'),
      t('shipment_attempted_delivery', 'Zustellversuch fehlgeschlagen'),
    ],
  },
  {
    id: 'pickup',
    title: 'Abholung und lokale Zustellung',
    templates: [
      t('ready_for_pickup', 'Bereit zur Abholung'),
      t('picked_up', 'Abgeholt'),
      t('local_out_for_delivery', 'Lokale Zustellung unterwegs'),
      t('local_delivered', 'Lokal zugestellt'),
      t('local_missed_delivery', 'Lokale Zustellung verpasst'),
    ],
  },
];

/** The metafield a link reads: a single URL or a JSON list of URLs. */
export interface LinkSource {
  namespace: string;
  key: string;
  list: boolean;
  value: WritableMetafield;
}

const PREFERENCE: Record<LinkedDocument, WritableMetafield[]> = {
  invoice: ['invoice_pdf_save', 'invoice_pdf_view', 'invoices_pdf_save', 'invoices_pdf_view'],
  credit: ['credits_pdf_save', 'credits_pdf_view'],
};

/** Which written metafield each kind of link uses; downloads are preferred over views. */
export function linkSources(write: readonly MetafieldWriteEntry[]): Record<LinkedDocument, LinkSource | null> {
  const pick = (doc: LinkedDocument): LinkSource | null => {
    for (const value of PREFERENCE[doc]) {
      const e = write.find((w) => w.value === value);
      if (e)
        return {
          namespace: e.namespace,
          key: e.key,
          list: value.startsWith('invoices_') || value.startsWith('credits_'),
          value,
        };
    }
    return null;
  };
  return { invoice: pick('invoice'), credit: pick('credit') };
}

export interface LinkStyle {
  text: Record<LinkedDocument, string>;
  style: 'button' | 'link';
  color: string;
}

export const DEFAULT_LINK_STYLE: LinkStyle = {
  text: { invoice: 'Rechnung herunterladen', credit: 'Gutschrift herunterladen' },
  style: 'button',
  color: '#1a1a1a',
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const SAFE_COLOR = /^#[0-9a-f]{3,8}$/i;

function anchor(href: string, text: string, style: LinkStyle): string {
  const color = SAFE_COLOR.test(style.color) ? style.color : DEFAULT_LINK_STYLE.color;
  const css =
    style.style === 'button'
      ? `display:inline-block;padding:12px 20px;border-radius:4px;background:${color};color:#ffffff;text-decoration:none;`
      : `color:${color};text-decoration:underline;`;
  return `<a href="${href}" style="${css}" target="_blank" rel="noopener">${escapeHtml(text)}</a>`;
}

/** The Liquid to paste into a Shopify notification; it renders nothing until the metafield exists. */
export function linkLiquid(source: LinkSource, text: string, style: LinkStyle = DEFAULT_LINK_STYLE): string {
  const field = `order.metafields.${source.namespace}.${source.key}.value`;
  if (source.list) {
    return [
      `{% for belegfluss_url in ${field} %}`,
      `<p style="margin:16px 0;">${anchor('{{ belegfluss_url }}', text, style)}</p>`,
      '{% endfor %}',
    ].join('\n');
  }
  return [
    `{% assign belegfluss_url = ${field} %}`,
    '{% if belegfluss_url != blank %}',
    `<p style="margin:16px 0;">${anchor('{{ belegfluss_url }}', text, style)}</p>`,
    '{% endif %}',
  ].join('\n');
}

/** What the customer sees, with an example document link in place of the metafield. */
export function linkPreview(exampleUrl: string, text: string, style: LinkStyle = DEFAULT_LINK_STYLE): string {
  return `<p style="margin:16px 0;">${anchor(escapeHtml(exampleUrl), text, style)}</p>`;
}

export interface NotificationSnippet extends NotificationTemplate {
  source: LinkSource | null;
  code: string | null;
  preview: string | null;
}

export interface NotificationLinks {
  /** False until an invoice PDF link is written to the order (a write entry of invoice_pdf_save or similar). */
  ready: boolean;
  sources: Record<LinkedDocument, LinkSource | null>;
  groups: { id: string; title: string; templates: NotificationSnippet[] }[];
}

/**
 * The wizard's snippets for a shop's write entries. Credit-note templates fall back to the
 * invoice link while no credit-note link is written.
 */
export function notificationLinks(
  write: readonly MetafieldWriteEntry[],
  o: { exampleUrl: string; style?: LinkStyle },
): NotificationLinks {
  const style = o.style ?? DEFAULT_LINK_STYLE;
  const sources = linkSources(write);
  const groups = NOTIFICATION_GROUPS.map((g) => ({
    id: g.id,
    title: g.title,
    templates: g.templates.map((tpl): NotificationSnippet => {
      const source = sources[tpl.document] ?? sources.invoice;
      const doc: LinkedDocument = sources[tpl.document] ? tpl.document : 'invoice';
      const text = style.text[doc];
      return {
        ...tpl,
        document: doc,
        source,
        code: source ? linkLiquid(source, text, style) : null,
        preview: source ? linkPreview(o.exampleUrl, text, style) : null,
      };
    }),
  }));
  return { ready: sources.invoice !== null, sources, groups };
}
