import { KNOWN_GATEWAYS } from '@belegfluss/shared';

/** German words of the invoice settings page. */
export const EVENTS = [
  { value: 'created', label: 'erstellt wurde' },
  { value: 'paid', label: 'bezahlt wurde' },
  { value: 'fulfilled', label: 'versendet wurde' },
  { value: 'completed', label: 'bezahlt und versendet ist' },
] as const;

export const DATE_EVENTS = [
  { value: 'created', label: 'Bestelldatum' },
  { value: 'fulfilled', label: 'Versanddatum' },
] as const;

export const DUE_STARTS = [
  { value: 'started', label: 'dem Rechnungsdatum (Zahlungsbedingung aus Lexware Office)' },
  { value: 'fulfilled', label: 'dem Versand (fällig am Versandtag)' },
] as const;

export const MODIFY = [
  { value: 'none', label: 'unverändert' },
  { value: 'add', label: 'plus' },
  { value: 'subtract', label: 'minus' },
] as const;

export const UNITS = [
  { value: 'day', label: 'Tage' },
  { value: 'week', label: 'Wochen' },
  { value: 'month', label: 'Monate' },
] as const;

export const DELIVERY_TYPES = [
  { value: '', label: 'Keine Angabe' },
  { value: 'delivery', label: 'Lieferung (Lieferdatum)' },
  { value: 'service', label: 'Dienstleistung (Leistungsdatum)' },
] as const;

const GATEWAY_NAMES: Record<(typeof KNOWN_GATEWAYS)[number], string> = {
  paypal: 'PayPal',
  bogus: 'Testzahlung (Bogus)',
  klarna: 'Klarna',
  klarna_pay_later: 'Klarna Rechnungskauf',
  shopify_payments: 'Shopify Payments',
  manual: 'Manuelle Zahlung (z. B. Vorkasse)',
  ebay: 'eBay',
};
export const gatewayName = (id: string) => GATEWAY_NAMES[id as keyof typeof GATEWAY_NAMES] ?? id;

export const REFERENCE_PLACES = [
  { value: 'title', label: 'Titel' },
  { value: 'introduction', label: 'Einleitung' },
  { value: 'remark', label: 'Bemerkung' },
] as const;

const EVENT_RULE = 'bei Erstellung zum Zeitpunkt „erstellt“ oder „bezahlt“ steht der Versand noch nicht fest';
const FORCED: Record<string, string> = {
  invoiceDate: `Rechnungsdatum auf das Bestelldatum gesetzt: ${EVENT_RULE}.`,
  invoiceDeliveryDate0: `Lieferdatum auf das Bestelldatum gesetzt: ${EVENT_RULE}.`,
  invoiceDeliveryDate1: `Ende des Lieferzeitraums auf das Bestelldatum gesetzt: ${EVENT_RULE}.`,
  invoiceDue: `Zahlungsziel beginnt mit dem Rechnungsdatum: ${EVENT_RULE}.`,
  invoiceEnshrine: `Rechnungen werden bei Erstellung festgeschrieben: ${EVENT_RULE}.`,
  'invoiceSendMail.enabled':
    'Automatischer E-Mail-Versand ausgeschaltet: er ist nur mit festgeschriebenen Rechnungen möglich.',
  creditCreate: 'Automatische Gutschriften ausgeschaltet: sie brauchen die automatische Rechnungserstellung.',
  transactionCreate: 'Automatische Umsätze ausgeschaltet: sie brauchen die automatische Rechnungserstellung.',
};
/** The server's `forced` answer in words; fields without a sentence of their own are covered by the ones above. */
export const forcedText = (field: string): string | undefined => FORCED[field];
