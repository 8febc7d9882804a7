/** The rotating tips: short, practical, each with an optional link. */
export interface Tip {
  text: string;
  url?: string;
  action?: string;
}

export const TIP_INTERVAL_MS = 5_000;

export const TIPS: readonly Tip[] = [
  {
    text: 'Jeder erstellte Beleg verbraucht eine Übertragung. Wie viele dir bleiben, siehst du neben „Abonnement“.',
    url: '/plan',
    action: 'Tarife ansehen',
  },
  {
    text: 'Rechnungen können schon bei Bestellung, bei Zahlung oder erst beim Versand entstehen.',
    url: '/preferences/invoices#create',
    action: 'Zeitpunkt wählen',
  },
  {
    text: 'Gutschriften entstehen automatisch, sobald du in Shopify eine Erstattung anlegst.',
    url: '/preferences/credits',
    action: 'Gutschriften einstellen',
  },
  {
    text: 'Belegfluss kann Rechnungen direkt per E-Mail an deine Kunden senden.',
    url: '/preferences/invoices#mail',
    action: 'E-Mail-Versand',
  },
  {
    text: 'Mit eigenem SMTP-Server kommen Rechnungs-E-Mails von deiner Absenderadresse.',
    url: '/preferences/invoices#mail',
    action: 'Absender einrichten',
  },
  {
    text: 'Bestellungen aus dem Kassensystem (POS) und kostenlose Bestellungen werden standardmäßig übersprungen.',
    url: '/preferences/orders',
    action: 'Bestellfilter',
  },
  {
    text: 'Mit Tags wie „keine-rechnung“ schließt du einzelne Bestellungen von der Belegerstellung aus.',
    url: '/preferences/invoices',
    action: 'Tags festlegen',
  },
  {
    text: 'Umsätze aus Zahlungen helfen dir, Zahlungseingänge in Lexware Office schneller zuzuordnen.',
    url: '/preferences/transactions',
    action: 'Umsätze einstellen',
  },
  {
    text: 'Der Link zur Rechnung lässt sich in deine Shopify-Benachrichtigungen einbauen.',
    url: '/preferences/invoices?assistant=email-integration',
    action: 'Assistent öffnen',
  },
  {
    text: 'Metafelder bringen Rechnungsnummer und PDF-Link zurück in deinen Shop.',
    url: '/preferences/metafields',
    action: 'Metafelder',
  },
  {
    text: 'Im Protokoll jeder Bestellung siehst du, was Belegfluss wann getan hat und warum.',
    url: '/orders',
    action: 'Zu den Bestellungen',
  },
  { text: 'Entwürfe musst du in Lexware Office festschreiben, bevor du sie herunterladen oder versenden kannst.' },
  {
    text: 'Kleinunternehmer? Dann druckt Belegfluss den Hinweis nach § 19 UStG auf jede Rechnung.',
    url: '/help/setup/connect',
    action: 'Mehr erfahren',
  },
  {
    text: 'Für Lieferungen in andere EU-Länder brauchst du den One-Stop-Shop und Lexware Office XL.',
    url: '/help/setup/connect',
    action: 'Mehr erfahren',
  },
  {
    text: 'Geschäftskunden mit USt-IdNr. erhalten automatisch eine steuerfreie innergemeinschaftliche Lieferung.',
    url: '/preferences/contacts',
    action: 'Kontakte einstellen',
  },
  {
    text: 'Teste die Einrichtung mit einer Testbestellung, bevor du live gehst.',
    url: '/help/setup/testing',
    action: 'Anleitung',
  },
  {
    text: 'Mit dem Jahresabo sparst du 16 % gegenüber der monatlichen Zahlung.',
    url: '/plan',
    action: 'Jahresabo ansehen',
  },
  {
    text: 'Ältere Bestellungen kannst du mit dem einmaligen Import nachträglich abrechnen.',
    url: '/plan/purchase/orderImport',
    action: 'Import freischalten',
  },
  {
    text: 'Fragen? Schreib uns über das Kontaktformular, wir antworten per E-Mail.',
    url: '/help/contact',
    action: 'Kontakt',
  },
];
