/** German validation messages, worded as the specs give them. */
export const MESSAGES = {
  required: 'Pflichtfeld',
  notEmpty: 'Darf nicht leer sein',
  max: (n: number) => `Maximal ${n} Zeichen`,
  min: (n: number) => `Mindestens ${n} Zeichen`,
  email: 'Bitte gib eine gültige E-Mail-Adresse ein',
  emailRequired: 'Gültige E-Mail-Adresse erforderlich',
  recipientRequired: 'Empfänger wird benötigt',
  url: 'Ungültige URL',
  attachmentExtension: 'Dateityp nicht erlaubt (html, pdf, doc, docx, jpg, jpeg, png, gif)',
  tooManyAttachments: 'Maximal 5 Anhänge',
  offset: 'Bitte gib eine Zahl ab 0 ein',
  date: 'Bitte gib ein Datum im Format JJJJ-MM-TT ein',
  unit: 'Ungültige Einheit',
  tooManyTags: 'Maximal 20 eigene Tags',
} as const;

/** Limits. Lexware itself shows only 25 characters of a title and holds at most 59,999 contacts. */
export const LIMITS = {
  title: 256,
  lexwareTitleShown: 25,
  lexwareContacts: 59_999,
  introduction: 2000,
  remark: 2000,
  itemTitle: 256,
  detail: 1000,
  unit: 1000,
  mailSubject: 60,
  mailMessage: 30000,
  attachments: 5,
  lineItems: 300,
  tag: 50,
  tags: 20,
  contactCategory: 50,
} as const;

export const ATTACHMENT_EXTENSIONS = ['html', 'pdf', 'doc', 'docx', 'jpg', 'jpeg', 'png', 'gif'] as const;

/** Unit names Lexware accepts for items; the layout may also use '-' or its own text. */
export const ALLOWED_UNIT_NAMES = ['Stück', 'Stk', 'Einheiten', 'Artikel', 'Pieces', 'Pc', 'Items', 'Pos'] as const;
export const SHIPPING_UNIT = 'Versand';
export const DISCOUNT_UNIT = 'Rabatt';

export const PAYMENT_GATEWAYS = [
  'paypal',
  'bogus',
  'klarna',
  'klarna_pay_later',
  'shopify_payments',
  'manual',
  'ebay',
] as const;

/** What the merchant reads when the Lexware account holds as many contacts as Lexware allows. */
export const CONTACT_LIMIT_MESSAGES = {
  withoutContact: `Lexware Office hält höchstens ${LIMITS.lexwareContacts.toLocaleString('de-DE')} Kontakte, und dein Konto ist voll. Die Rechnung trägt die Adresse der Bestellung ohne Kontakt; lösche oder archiviere alte Kontakte in Lexware Office, damit wieder Kontakte angelegt werden.`,
  required: `Lexware Office hält höchstens ${LIMITS.lexwareContacts.toLocaleString('de-DE')} Kontakte, und dein Konto ist voll. Diese Rechnung braucht einen Kontakt (steuerfreie Lieferung); lösche oder archiviere alte Kontakte in Lexware Office und verarbeite die Bestellung erneut.`,
} as const;
