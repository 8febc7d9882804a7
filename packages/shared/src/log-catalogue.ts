/**
 * The event log's words: every event and reason code the services write becomes one
 * German sentence, with a link to the order or to the settings that explain or change it. The order
 * page, the log page and the admin area read this one catalogue, so one entry always reads the same.
 */

import { creditNoteDelivery } from './domain/einvoice';
import { cheapestPlanWith, FEATURE_INFO, PLAN_FEATURES } from './plan-features';
import { PLANS } from './plans';
import { STAFF_ROLE_LABELS, staffLabel } from './staff';

export interface LogEntryLike {
  origin: string;
  event: string;
  status?: string;
  order?: string | null;
  orderId?: string | null;
  orderName?: string | null;
  body?: Record<string, unknown> | null;
}

export interface LogLink {
  url: string;
  label: string;
}
export interface LogSentence {
  text: string;
  link: LogLink | null;
}

const SETTINGS = {
  home: { url: '/preferences', label: 'Einstellungen' },
  setup: { url: '/preferences/setup', label: 'Einrichtung' },
  orders: { url: '/preferences/orders', label: 'Bestellungen verarbeiten' },
  deliveryNotes: { url: '/preferences/orders#delivery-notes', label: 'Lieferscheine' },
  invoices: { url: '/preferences/invoices', label: 'Rechnungen' },
  invoiceCreate: { url: '/preferences/invoices#create', label: 'Rechnungserstellung' },
  invoiceMail: { url: '/preferences/invoices#mail', label: 'E-Mail-Versand' },
  credits: { url: '/preferences/credits', label: 'Gutschriften' },
  contacts: { url: '/preferences/contacts', label: 'Kontakte' },
  transactions: { url: '/preferences/transactions', label: 'Umsätze' },
  metafields: { url: '/preferences/metafields', label: 'Metafelder' },
  mail: { url: '/preferences/mail', label: 'Absender' },
  plan: { url: '/plan', label: 'Abonnement' },
  business: { url: '/help/taxes/business', label: 'Hilfe: Geschäftskunden' },
  partner: { url: '/partner/preferences', label: 'Partner-Einstellungen' },
} as const satisfies Record<string, LogLink>;

/**
 * Skips that follow from a switch the merchant turned off themselves: logged once a day per shop, not once
 * per payment, or they filled half the log with the same sentence about a setting that is off by default.
 */
export const DAILY_SKIP_REASONS: ReadonlySet<string> = new Set(['DISABLED_TRANSACTION_CREATE']);

/** What each reason code means, and where the setting behind it lives. */
export const REASON_SENTENCES: Record<string, { text: string; link: LogLink | null }> = {
  WAIT: { text: 'wartet auf das gewählte Ereignis (z. B. Zahlung oder Versand)', link: SETTINGS.invoiceCreate },
  SKIP_POS: { text: 'übersprungen, weil es eine Kassenbestellung (POS) ist', link: SETTINGS.orders },
  SKIP_FREE: { text: 'übersprungen, weil die Bestellung kostenlos ist', link: SETTINGS.orders },
  SKIP_TAG: { text: 'übersprungen wegen eines ausgeschlossenen Tags', link: SETTINGS.invoiceCreate },
  SKIP_DATE: {
    text: 'übersprungen, weil die Bestellung vor dem Stichtag der Rechnungserstellung liegt',
    link: SETTINGS.invoiceCreate,
  },
  SKIP_SOURCE: { text: 'übersprungen wegen der Bestellquelle', link: SETTINGS.invoiceMail },
  TOO_OLD: {
    text: 'übersprungen, weil die Bestellung mehr als 60 Tage vor der Installation liegt',
    link: SETTINGS.plan,
  },
  INVALID_CURRENCY: { text: 'nicht möglich: Lexware Office unterstützt nur Euro (EUR)', link: null },
  MISSING_CUSTOMER: { text: 'nicht möglich: die Bestellung hat keinen Kunden', link: SETTINGS.contacts },
  MISSING_CUSTOMER_EMAIL: { text: 'nicht möglich: der Kunde hat keine E-Mail-Adresse', link: SETTINGS.contacts },
  MISSING_ADDRESS: { text: 'nicht möglich: die Rechnungsadresse fehlt', link: SETTINGS.contacts },
  DUPLICATE_ORDER: { text: 'doppelt von Shopify gemeldet und nur einmal verarbeitet', link: null },
  DISABLED: { text: 'übersprungen, weil die Automatisierung ausgeschaltet ist', link: SETTINGS.home },
  NOT_CONNECTED: { text: 'übersprungen, weil Lexware Office nicht verbunden ist', link: SETTINGS.setup },
  DISABLED_INVOICE_CREATE: {
    text: 'übersprungen, weil die Rechnungserstellung ausgeschaltet ist',
    link: SETTINGS.invoiceCreate,
  },
  DISABLED_CREDIT_CREATE: {
    text: 'übersprungen, weil die Gutschriftenerstellung ausgeschaltet ist',
    link: SETTINGS.credits,
  },
  DISABLED_TRANSACTION_CREATE: {
    text: 'übersprungen, weil die Erstellung von Umsätzen ausgeschaltet ist',
    link: SETTINGS.transactions,
  },
  DISABLED_GATEWAY: {
    text: 'übersprungen, weil Umsätze für diese Zahlungsart ausgeschaltet sind',
    link: SETTINGS.transactions,
  },
  DISABLED_HINTS: { text: 'übersprungen, weil Zuordnungshinweise ausgeschaltet sind', link: SETTINGS.transactions },
  NO_PAYMENTS: { text: 'übersprungen, weil die Bestellung keine Zahlung hat', link: null },
  UNCHANGED: { text: 'nicht nötig: nichts hat sich geändert', link: null },
  EXISTING: { text: 'nicht nötig: der Beleg existiert bereits', link: null },
  RECEIPT_NOT_FOUND: { text: 'nicht nötig: zur Erstattung gibt es keinen Beleg', link: null },
  WAIT_FOR_INVOICE: { text: 'wartet, bis die Rechnung erstellt ist', link: SETTINGS.invoiceCreate },
  WAIT_FOR_RETURN: { text: 'wartet, bis Shopify die Retoure dieser Erstattung verarbeitet hat', link: null },
  EXCHANGE: {
    text: 'nicht nötig: die Erstattung gehört zu einem Umtausch, dessen Gutschrift und Rechnung sie schon ausgleichen',
    link: null,
  },
  WAIT_FOR_FINALIZED_INVOICE: { text: 'wartet, bis die Rechnung festgeschrieben ist', link: SETTINGS.invoices },
  DRAFT_INVOICE: { text: 'wartet, weil die Rechnung noch ein Entwurf ist', link: SETTINGS.invoices },
  DRAFT: { text: 'nicht möglich: Entwürfe können nicht versendet werden', link: SETTINGS.invoices },
  NO_CREDITS: { text: 'nicht erstellt: es sind keine Übertragungen mehr übrig', link: SETTINGS.plan },
  EDITED_DRAFT: {
    text: 'nach der Änderung der Bestellung nicht korrigiert: sie ist noch ein Entwurf; bitte in Lexware Office anpassen oder löschen',
    link: SETTINGS.invoices,
  },
  EDIT_UNEXPLAINED: {
    text: 'nach der Änderung der Bestellung noch nicht korrigiert: Shopify hat diese Änderung noch nicht als Bearbeitung oder Umtausch gemeldet; die Korrektur folgt, sobald die Meldung da ist',
    link: null,
  },
  EDIT_REFUND: {
    text: 'nicht nötig: die Erstattung zahlt zurück, was die Gutschrift zur Änderung der Bestellung schon gutschreibt',
    link: null,
  },
  'MISSING_VAT-ID': {
    text: 'nicht möglich: für die steuerfreie EU-Lieferung fehlt die USt-IdNr. des Kunden',
    link: SETTINGS.business,
  },
  LEITWEG_ID_INVALID: {
    text: 'nicht erstellt: die Leitweg-ID des Käufers ist ungültig (Format Grobadressierung-Feinadressierung-Prüfziffer, Prüfziffer nach Modulo 97-10), daher keine XRechnung',
    link: SETTINGS.contacts,
  },
  VENDOR_NUMBER_MISSING: {
    text: 'nicht erstellt: für die XRechnung fehlt deine Lieferantennummer beim Käufer (Einstellungen → Kontakte → E-Rechnung)',
    link: SETTINGS.contacts,
  },
  OSS_REQUIRES_XL: { text: 'nicht möglich: OSS erfordert Lexware Office XL', link: SETTINGS.setup },
  MISSING_SCOPE: { text: 'nicht möglich: eine Shopify-Berechtigung fehlt', link: SETTINGS.home },
  CONTACT_TAGS: { text: 'kein Kontakt angelegt: dem Kunden fehlt ein gewählter Tag', link: SETTINGS.contacts },
  NO_RECIPIENT: { text: 'nicht gesendet: es ist keine Empfängeradresse hinterlegt', link: SETTINGS.home },
  NOT_FOUND: { text: 'nicht gefunden', link: null },
};

const SUBJECT: Record<string, string> = {
  invoice: 'Rechnung',
  credit: 'Gutschrift',
  delivery: 'Lieferschein',
  transaction: 'Umsatz',
  mail: 'E-Mail',
  contact: 'Kontakt',
  order: 'Bestellung',
  webhook: 'Shopify-Meldung',
};

const str = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
const withDetail = (text: string, detail: string | null) => (detail ? `${text}: ${detail}` : text);
/** A credit note's sentence ends with what the buyer receives, where the credit note or its invoice is an e-invoice. */
const withDelivery = (text: string, b: Record<string, unknown>) => {
  const delivery = creditNoteDelivery(str(b.profile), str(b.invoiceProfile));
  return delivery ? `${text}. ${delivery}` : text;
};

/**
 * Lexware's voucher statuses in the words the order page shows them; Lexware's own codes
 * (`paid`, `paidoff`) mean nothing to a merchant. A code not listed here is shown as it comes.
 */
export const VOUCHER_STATUS_TEXT = {
  draft: 'Entwurf',
  open: 'Offen',
  overdue: 'Überfällig',
  partially_paid: 'Teilweise bezahlt',
  paid: 'Bezahlt',
  paidoff: 'Ausgeglichen',
  voided: 'Erstattet',
} as const satisfies Record<string, string>;

const voucherStatus = (status: unknown): string | null => {
  const code = str(status);
  return code ? ((VOUCHER_STATUS_TEXT as Record<string, string>)[code.toLowerCase()] ?? code) : null;
};

/** A feature set up in the settings that the shop's plan no longer includes (after a downgrade). */
function withheldSentence(b: Record<string, unknown>): string {
  const feature = PLAN_FEATURES.find((f) => f === b.feature);
  const plan = PLANS.find((p) => p.id === b.plan);
  if (!feature) return 'Eine eingerichtete Funktion ist in deinem Tarif nicht enthalten und wurde übersprungen';
  const where = plan ? `im Tarif ${plan.name}` : 'in deinem Tarif';
  if (typeof b.day === 'string') {
    const day = b.day.split('-').reverse().join('.');
    return `„${FEATURE_INFO[feature].title}“ ist ${where} nicht enthalten: der Import vom ${day} wurde abgebrochen. Verfügbar ab dem Tarif ${cheapestPlanWith(feature).name}`;
  }
  return `„${FEATURE_INFO[feature].title}“ ist eingerichtet, aber ${where} nicht enthalten und wurde bei dieser Bestellung übersprungen. Verfügbar ab dem Tarif ${cheapestPlanWith(feature).name}`;
}

const NOTIFICATION_KIND: Record<string, string> = {
  creditsExhaustedSoon: 'Übertragungen fast verbraucht',
  creditsExhaustedNow: 'Übertragungen verbraucht',
  connectionMissing: 'Verbindung getrennt',
  onboarding: 'Willkommen',
  vatIdUnconfirmed: 'USt-IdNr. nicht bestätigt',
};

const ADMIN_ACTIONS: Record<string, string> = {
  'workflow.restart': 'Workflow neu gestartet',
  'workflow.terminate': 'Workflow beendet',
  settings: 'Berechtigungen oder Partnerstatus geändert',
  'downtime.create': 'Wartung angelegt',
  'downtime.update': 'Wartung geändert',
  'downtime.delete': 'Wartung gelöscht',
  'coupon.create': 'Coupon erstellt',
};

/** The person who acted; entries from before rights were personal name only the shop. */
function adminActor(b: Record<string, unknown>): string {
  const shop = str(b.admin);
  const userId = str(b.adminUser);
  const role = b.adminRole === 'operator' || b.adminRole === 'support' ? b.adminRole : 'support';
  if (!shop || !userId) return `Support (${shop ?? 'Admin'})`;
  return `${STAFF_ROLE_LABELS[role]} ${staffLabel({ shop, userId, name: str(b.adminName) })}`;
}

/**
 * VIES's answer on the buyer's USt-IdNr., with what a tax audit asks for (§ 18e UStG): the date, VIES's request
 * identifier, and the name and address VIES holds for the ID.
 */
function vatIdSentence(
  b: Record<string, unknown>,
  kind: 'confirmed' | 'invalid' | 'unavailable' | 'unconfirmed',
): string {
  const id = str(b.vatId) ?? 'USt-IdNr.';
  const evidence = [
    str(b.requestDate) && `Abfragedatum ${str(b.requestDate)}`,
    str(b.requestIdentifier)
      ? `Abfragenummer ${str(b.requestIdentifier)}`
      : 'ohne Abfragenummer (eigene USt-IdNr. fehlt in den Kontakt-Einstellungen)',
    str(b.name) && `Name ${str(b.name)}`,
    str(b.address) && `Anschrift ${str(b.address)}`,
  ].filter(Boolean);
  switch (kind) {
    case 'confirmed':
      return `USt-IdNr. ${id} von VIES als gültig bestätigt${b.cached ? ' (Bestätigung vom selben Tag)' : ''}: ${evidence.join(', ')}`;
    case 'invalid':
      return `USt-IdNr. ${id} laut VIES ungültig${str(b.refusal) ? ` (${str(b.refusal)})` : ''}: Rechnung mit 19 % Umsatzsteuer statt steuerfrei; ${evidence.join(', ')}`;
    case 'unavailable':
      return `USt-IdNr. ${id} konnte nicht bei VIES geprüft werden (${str(b.error) ?? 'nicht erreichbar'}): die Rechnung wartet, neuer Versuch ${str(b.retryAt) ? `um ${berlinTime(String(b.retryAt))}` : 'später'}`;
    case 'unconfirmed':
      return b.outcome === 'withVat'
        ? `USt-IdNr. ${id} in der Wartezeit nicht von VIES bestätigt: Rechnung mit 19 % Umsatzsteuer wie in den Kontakt-Einstellungen gewählt`
        : `USt-IdNr. ${id} in der Wartezeit nicht von VIES bestätigt: die Rechnung wartet weiter, wie in den Kontakt-Einstellungen gewählt`;
  }
}

const berlinTime = (iso: string) =>
  new Date(iso).toLocaleString('de-DE', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
  });

const RETURN_STATUS_TEXT: Record<string, string> = {
  requested: 'angefragt',
  approved: 'angenommen',
  declined: 'abgelehnt',
  closed: 'abgeschlossen',
  reopened: 'wieder geöffnet',
  canceled: 'storniert',
};

const euro = (v: unknown) =>
  `${(typeof v === 'number' ? v : Number(v ?? 0)).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} €`;

/** Which way the exchange's difference went: back to the customer, or paid by them. */
function differenceText(v: unknown): string | null {
  const c = typeof v === 'number' ? v : 0;
  if (c === 0) return 'kein Differenzbetrag';
  return c > 0 ? `${euro(c / 100)} an den Kunden erstattet` : `${euro(-c / 100)} vom Kunden nachgezahlt`;
}

type Sentence = (b: Record<string, unknown>) => string;
/** One sentence per event; `b` is the entry's body. */
const EVENTS: Record<string, { text: Sentence; link?: LogLink }> = {
  'invoice.created': { text: (b) => withDetail('Rechnung in Lexware Office erstellt', str(b.number)) },
  'invoice.matched': { text: (b) => withDetail('Vorhandene Rechnung aus Lexware Office zugeordnet', str(b.number)) },
  'credit.created': {
    text: (b) => withDelivery(withDetail('Gutschrift in Lexware Office erstellt', str(b.number)), b),
  },
  'credit.matched': {
    text: (b) => withDelivery(withDetail('Vorhandene Gutschrift aus Lexware Office zugeordnet', str(b.number)), b),
  },
  'invoice.failed': {
    text: (b) => withDetail('Rechnung konnte nicht erstellt werden', str(b.message) ?? str(b.error)),
    link: SETTINGS.invoices,
  },
  'credit.failed': {
    text: (b) => withDetail('Gutschrift konnte nicht erstellt werden', str(b.message) ?? str(b.error)),
    link: SETTINGS.credits,
  },
  'delivery.created': {
    text: (b) =>
      withDetail(
        `Lieferschein in Lexware Office erstellt${str(b.fulfillment) ? ` für Sendung ${String(b.fulfillment)}` : ''}`,
        str(b.number),
      ),
  },
  'delivery.matched': {
    text: (b) => withDetail('Vorhandener Lieferschein aus Lexware Office zugeordnet', str(b.number)),
  },
  'delivery.failed': {
    text: (b) => withDetail('Lieferschein konnte nicht erstellt werden', str(b.message) ?? str(b.error)),
    link: SETTINGS.deliveryNotes,
  },
  'exchange.created': {
    text: (b) =>
      withDetail(
        `Umtausch${str(b.name) ? ` ${String(b.name)}` : ''} verbucht: Gutschrift über ${euro(b.creditAmount)} für die zurückgegebenen, Rechnung über ${euro(b.invoiceAmount)} für die neuen Artikel`,
        differenceText(b.differenceCents),
      ),
  },
  'return.status': {
    text: (b) =>
      withDetail(
        `Shopify meldet eine Retoure${str(b.name) ? ` ${String(b.name)}` : ''}`,
        RETURN_STATUS_TEXT[String(b.status)] ?? str(b.status),
      ),
  },
  'invoice.rounding': { text: () => 'Rundungsdifferenz zur Bestellsumme in der Rechnung ausgeglichen' },
  'invoice.status': {
    text: (b) => withDetail('Lexware Office meldet einen neuen Rechnungsstatus', voucherStatus(b.status)),
  },
  'credit.status': {
    text: (b) => withDetail('Lexware Office meldet einen neuen Gutschriftstatus', voucherStatus(b.status)),
  },
  'invoice.cancelled': {
    text: (b) => withDetail('Rechnung storniert, die Stornogutschrift schließt sie', str(b.number)),
  },
  'order.edited': {
    text: (b) => withDetail('Bestellung nach der Rechnung geändert', str(b.message)),
    link: { url: '/preferences/invoices#status', label: 'Korrektur nach Änderungen' },
  },
  'audit.repair': {
    text: (b) => withDetail('Korrektur aus der Vollständigkeitsprüfung', str(b.message)),
  },
  'audit.repair_requested': {
    text: (b) => withDetail('Korrekturen aus der Vollständigkeitsprüfung angestoßen', str(b.month)),
  },
  'vatid.confirmed': { text: (b) => vatIdSentence(b, 'confirmed'), link: SETTINGS.contacts },
  'vatid.invalid': { text: (b) => vatIdSentence(b, 'invalid'), link: SETTINGS.contacts },
  'vatid.unavailable': { text: (b) => vatIdSentence(b, 'unavailable'), link: SETTINGS.contacts },
  'vatid.unconfirmed': { text: (b) => vatIdSentence(b, 'unconfirmed'), link: SETTINGS.contacts },
  'contact.created': {
    text: (b) => withDetail('Kontakt in Lexware Office angelegt', str(b.email)),
    link: SETTINGS.contacts,
  },
  'contact.refused': {
    text: () => 'Lexware Office kennt den gespeicherten Kontakt nicht mehr; er wurde neu angelegt',
    link: SETTINGS.contacts,
  },
  'contact.limit': {
    text: (b) => str(b.message) ?? 'Lexware Office hält keine weiteren Kontakte',
    link: SETTINGS.contacts,
  },
  'contact.updated': {
    text: (b) => withDetail('Kontakt in Lexware Office aktualisiert', str(b.email)),
    link: SETTINGS.contacts,
  },
  'transaction.created': { text: () => 'Umsatz in Lexware Office erstellt', link: SETTINGS.transactions },
  'transaction.matched': {
    text: () => 'Vorhandener Umsatz in Lexware Office erkannt, kein zweiter angelegt',
    link: SETTINGS.transactions,
  },
  'transaction.hinted': { text: () => 'Zuordnungshinweis zur Rechnung hinterlegt', link: SETTINGS.transactions },
  'order.paid': { text: () => 'Bestellung in Shopify als bezahlt markiert', link: SETTINGS.orders },
  'order.paid.failed': {
    text: (b) => withDetail('Bestellung konnte in Shopify nicht als bezahlt markiert werden', str(b.message)),
    link: SETTINGS.orders,
  },
  'metafields.written': {
    text: (b) => withDetail('Metafelder in Shopify geschrieben', Array.isArray(b.keys) ? b.keys.join(', ') : null),
    link: SETTINGS.metafields,
  },
  'metafields.write.failed': {
    text: (b) => withDetail('Metafelder konnten nicht geschrieben werden', str(b.message)),
    link: SETTINGS.metafields,
  },
  'metafields.read.failed': {
    text: (b) => withDetail('Metafelder konnten nicht gelesen werden', str(b.message)),
    link: SETTINGS.metafields,
  },
  'mail.sent': { text: (b) => withDetail('Beleg per E-Mail versendet', str(b.email)), link: SETTINGS.invoiceMail },
  'mail.failed': {
    text: (b) => withDetail('E-Mail konnte nicht versendet werden', str(b.error) ?? str(b.message)),
    link: SETTINGS.mail,
  },
  'mail.uncertain': {
    text: (b) => withDetail('E-Mail-Versand unterbrochen, bitte prüfen', str(b.email)),
    link: SETTINGS.mail,
  },
  'smtp.connected': { text: () => 'Eigener SMTP-Absender erfolgreich geprüft', link: SETTINGS.mail },
  'smtp.interrupted': {
    text: (b) => withDetail('Eigener SMTP-Absender nicht erreichbar', str(b.error) ?? str(b.message)),
    link: SETTINGS.mail,
  },
  'credits.creditsExhaustedSoon': {
    text: (b) => `Übertragungen fast verbraucht: noch ${str(b.remaining) ?? '?'} von ${str(b.quota) ?? '?'}`,
    link: SETTINGS.plan,
  },
  'credits.creditsExhaustedNow': {
    text: (b) => `Alle ${str(b.quota) ?? ''} Übertragungen verbraucht`.replace('  ', ' '),
    link: SETTINGS.plan,
  },
  'credits.reset': {
    text: () => 'Neuer Abrechnungszeitraum: die Übertragungen stehen wieder voll zur Verfügung',
    link: SETTINGS.plan,
  },
  'payout.failed': {
    text: (b) => withDetail('Partner-Auszahlung nicht möglich', str(b.message)),
    link: SETTINGS.partner,
  },
  'notification.sent': {
    text: (b) =>
      withDetail(`Benachrichtigung „${NOTIFICATION_KIND[String(b.kind)] ?? String(b.kind)}“ gesendet`, str(b.email)),
    link: SETTINGS.home,
  },
  'notification.failed': {
    text: (b) =>
      withDetail(
        `Benachrichtigung „${NOTIFICATION_KIND[String(b.kind)] ?? String(b.kind)}“ nicht gesendet`,
        str(b.error),
      ),
    link: SETTINGS.home,
  },
  'shop.installed': { text: () => 'App installiert', link: SETTINGS.setup },
  'shop.uninstalled': { text: () => 'App deinstalliert' },
  'lexoffice.connected': {
    text: (b) => withDetail('Lexware Office verbunden', str(b.companyName)),
    link: SETTINGS.home,
  },
  'lexoffice.disconnected': { text: () => 'Verbindung zu Lexware Office getrennt', link: SETTINGS.setup },
  'lexoffice.signup': { text: (b) => withDetail('Konto bei Lexware Office eröffnet', str(b.email)) },
  'lexoffice.subscription.failed': {
    text: (b) => withDetail('Lexware-Ereignisse konnten nicht abonniert werden', str(b.message)),
    link: SETTINGS.setup,
  },
  'plan.feature.withheld': { text: (b) => withheldSentence(b), link: SETTINGS.plan },
  'plan.subscription.ended': { text: () => 'Abonnement bei Shopify beendet', link: SETTINGS.plan },
  'automation.enabled': { text: () => 'Belegerstellung aktiviert', link: SETTINGS.home },
  'automation.disabled': { text: () => 'Belegerstellung deaktiviert', link: SETTINGS.home },
  'help.contact': { text: (b) => withDetail('Supportanfrage gesendet', str(b.subject)) },
  'admin.action': {
    text: (b) =>
      `${adminActor(b)}: ${ADMIN_ACTIONS[String(b.action)] ?? String(b.action)}${str(b.workflowId) ? ` – ${String(b.workflowId)}` : ''}`,
  },
  'customers.redact': { text: () => 'Kundendaten auf Anfrage von Shopify gelöscht' },
  'customers.data_request': { text: () => 'Shopify hat die Daten eines Kunden angefordert' },
};

/** The German sentence for a log entry, and where it leads: the setting behind it, else its order. */
export function describeLogEntry(entry: LogEntryLike): LogSentence {
  const body = entry.body ?? {};
  const reason = str(body.reason);
  const known = EVENTS[entry.event];
  const orderId = entry.order ?? entry.orderId ?? null;
  const orderLink: LogLink | null = orderId
    ? { url: `/orders/${encodeURIComponent(orderId)}`, label: `Bestellung ${entry.orderName ?? orderId}` }
    : null;
  if (known) return { text: known.text(body), link: known.link ?? orderLink };
  const kind = entry.event.split('.')[0] ?? entry.origin;
  if (entry.event.endsWith('.skipped') && reason) {
    const why = REASON_SENTENCES[reason];
    const subject =
      entry.event === 'webhook.skipped' && str(body.topic)
        ? `Shopify-Meldung ${String(body.topic)}`
        : (SUBJECT[kind] ?? SUBJECT[entry.origin] ?? 'Vorgang');
    const text = why ? `${subject} ${why.text}` : `${subject} übersprungen (${reason})`;
    const webhookHelp =
      entry.event === 'webhook.skipped' && str(body.topic)
        ? { url: `/help/shopify/webhooks/${String(body.topic)}`, label: 'Hilfe zur Shopify-Meldung' }
        : null;
    return { text, link: why?.link ?? webhookHelp ?? orderLink };
  }
  if (entry.event === 'transaction.hint.skipped')
    return {
      text: `Zuordnungshinweis ${REASON_SENTENCES[reason ?? '']?.text ?? 'übersprungen'}`,
      link: SETTINGS.transactions,
    };
  if (entry.event === 'notification.skipped')
    return {
      text: `Benachrichtigung „${NOTIFICATION_KIND[String(body.kind)] ?? String(body.kind)}“ ${REASON_SENTENCES[reason ?? '']?.text ?? 'übersprungen'}`,
      link: SETTINGS.home,
    };
  // An event written before this catalogue knew it still reads as a sentence, never as a bare code.
  return {
    text: withDetail(`${SUBJECT[entry.origin] ?? 'Ereignis'}: ${entry.event}`, str(body.message)),
    link: orderLink,
  };
}

/** Every event the catalogue has a sentence for (tests check that the services write no other). */
export const LOG_EVENTS = Object.keys(EVENTS);

/** The events and reason codes whose sentence contains `term`, so a search for „Rechnung“ finds `invoice.created`. */
export function searchLogCatalogue(term: string): { searchEvents: string[]; searchReasons: string[] } {
  const needle = term.trim().toLowerCase();
  if (!needle) return { searchEvents: [], searchReasons: [] };
  const origins = Object.entries(SUBJECT)
    .filter(([, s]) => s.toLowerCase().includes(needle))
    .map(([o]) => `${o}.skipped`);
  const searchEvents = [
    ...LOG_EVENTS.filter((event) => EVENTS[event]!.text({}).toLowerCase().includes(needle)),
    ...origins,
  ];
  const searchReasons = Object.entries(REASON_SENTENCES)
    .filter(([, r]) => r.text.toLowerCase().includes(needle))
    .map(([code]) => code);
  return { searchEvents, searchReasons };
}
