import {
  documentFile,
  documentNumber,
  LexwareError,
  LexwareNotConnectedError,
  lexwareFor,
  type LexwareDeps,
} from '@belegfluss/lexware';
import {
  CreditPreferencesSchema,
  InvoicePreferencesSchema,
  normalizeCreditPreferences,
  normalizeInvoicePreferences,
  ShopifyOrderSchema,
  templateVars,
  type SendDocumentMail,
  type TemplateVars,
} from '@belegfluss/shared';
import { DOCUMENT_FILE_LIMITS, type DocumentFileLimits } from '@belegfluss/shared/settings';
import { fetchAttachments, type SkippedAttachment } from './attachments';
import { deliveryUnknown, describeSmtpError, isTransient } from './errors';
import {
  buildDocumentMail,
  isEmail,
  mailSkipReason,
  pdfFileName,
  renderMailTexts,
  sendMailSettingsOf,
  type DocumentKind,
  type MailFile,
  type MailTexts,
} from './message';
import { OutboundRefused, parseOutboundPolicy } from './outbound';
import {
  createMailTransport,
  guardShopServer,
  parseSmtpUrl,
  shopServer,
  type DefaultSender,
  type MailServer,
} from './server';
import type { MailLogEntry, MailSend, MailStore } from './store';

export interface MailDeps {
  store: MailStore;
  lexware: LexwareDeps;
  mail: DefaultSender;
  timeoutMs?: number;
  /** The bound of the kept document files (the settings' documentFiles; their defaults when not given). */
  documentFiles?: DocumentFileLimits;
}

export interface SendRequest {
  shopId: string;
  documentId: string;
  /** `auto` for the workflow's mail after a document is created; `manual:{key}` for one click in the send dialog. */
  intent: string;
  /** The send dialog's values; absent: the shop's mail preferences for the document's kind. */
  manual?: SendDocumentMail;
}

export type SendResult =
  | {
      outcome: 'sent';
      emailedAt: string;
      recipient: string;
      messageId: string;
      sender: 'own' | 'default';
      skippedAttachments: SkippedAttachment[];
    }
  | { outcome: 'disabled' }
  | { outcome: 'skipped'; reason: 'SKIP_TAG' | 'SKIP_SOURCE' | 'MISSING_CUSTOMER_EMAIL' | 'DRAFT' }
  | { outcome: 'already_sent' | 'in_progress' | 'uncertain' };

export type MailErrorCode =
  'NOT_FOUND' | 'NOT_CREATED' | 'NOT_MAILABLE' | 'DRAFT' | 'NOT_CONNECTED' | 'INVALID_RECIPIENT' | 'PDF' | 'SMTP';

/** A send that did not happen, with a German message; `retryable` when a later attempt may succeed. */
export class MailError extends Error {
  constructor(
    readonly code: MailErrorCode,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** A log line of this send: the shop, origin and order are filled in. */
type SendLogEntry = Omit<MailLogEntry, 'shopId' | 'origin' | 'orderId' | 'orderName'>;

const KIND_NAME: Record<DocumentKind, string> = { invoice: 'Rechnung', credit: 'Gutschrift' };

interface Doc {
  id: string;
  type: DocumentKind;
  lexwareId: string;
  number: string | null;
  status: string;
  orderId: string;
  orderName: string | null;
  profile: string | null;
}

async function loadDocument(store: MailStore, shopId: string, documentId: string): Promise<Doc> {
  const r = await store.documentOfShop(shopId, documentId);
  if (!r) throw new MailError('NOT_FOUND', 'Beleg nicht gefunden', false);
  if (!r.lexwareId) throw new MailError('NOT_CREATED', 'Dieser Beleg wurde noch nicht erstellt.', false);
  if (r.type === 'delivery')
    throw new MailError(
      'NOT_MAILABLE',
      'Lieferscheine werden nicht per E-Mail versendet, nur Rechnungen und Gutschriften.',
      false,
    );
  return {
    id: r.id,
    type: r.type,
    lexwareId: r.lexwareId,
    number: r.number,
    status: r.status,
    orderId: r.orderId,
    orderName: r.orderName,
    profile: r.profile,
  };
}

async function mailPreferences(store: MailStore, shopId: string) {
  const s = await store.preferenceSections(shopId, ['invoices', 'credits']);
  const invoice = InvoicePreferencesSchema.safeParse(s.invoices ?? {}).data ?? InvoicePreferencesSchema.parse({});
  const credit = CreditPreferencesSchema.safeParse(s.credits ?? {}).data ?? CreditPreferencesSchema.parse({});
  return { invoice: normalizeInvoicePreferences(invoice).value, credit: normalizeCreditPreferences(credit).value };
}

async function orderOf(store: MailStore, shopId: string, doc: Doc) {
  const parsed = ShopifyOrderSchema.safeParse(await store.orderSnapshot(shopId, doc.orderId));
  return parsed.success ? parsed.data : null;
}

/** `Belegfluss <belege@example.de>` → name and address. */
function splitAddress(from: string): { name: string; address: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return m ? { name: m[1]!.trim(), address: m[2]!.trim() } : { name: '', address: from.trim() };
}

/**
 * The document's files from Lexware: its PDF, and for an XRechnung also its XML, which is the invoice the
 * buyer's system reads. A ZUGFeRD PDF carries its XML inside, an invoice's or a credit note's alike; Lexware
 * makes no XRechnung of a credit note, so a credit note never has an XML file of its own to attach.
 */
async function fetchFiles(deps: MailDeps, shopId: string, doc: Doc): Promise<{ pdf: MailFile; xml: MailFile[] }> {
  const client = lexwareFor(deps.store, deps.lexware, shopId);
  // The same kept files as the download links: a document mailed and then opened costs Lexware one call.
  const file = async (kind: 'pdf' | 'xml') =>
    (await documentFile(deps.store, client, { ...doc, shopId }, kind, deps.documentFiles ?? DOCUMENT_FILE_LIMITS))!;
  try {
    const content = await file('pdf');
    const pdf = { filename: pdfFileName(doc.type, doc.number), content, contentType: 'application/pdf' };
    if (doc.type !== 'invoice' || doc.profile !== 'XRechnung') return { pdf, xml: [] };
    const xml = {
      filename: pdf.filename.replace(/\.pdf$/, '.xml'),
      content: await file('xml'),
      contentType: 'application/xml',
    };
    return { pdf, xml: [xml] };
  } catch (error) {
    if (error instanceof LexwareError && error.status === 409)
      throw new MailError('DRAFT', 'Entwürfe können nicht per E-Mail versendet werden.', false);
    if (error instanceof LexwareNotConnectedError)
      throw new MailError('NOT_CONNECTED', 'Lexware Office ist nicht verbunden.', false);
    const retryable = !(error instanceof LexwareError) || error.retryable || error.status >= 500;
    throw new MailError(
      'PDF',
      `Das PDF konnte nicht von Lexware Office geladen werden: ${(error as Error).message}`,
      retryable,
    );
  }
}

/** The subject and the PDF's file name carry the number, which Lexware names only after the create (see documentNumber). */
async function numberFor(deps: MailDeps, shopId: string, doc: Doc): Promise<string | null> {
  try {
    return await documentNumber(deps.store, lexwareFor(deps.store, deps.lexware, shopId), { ...doc, shopId });
  } catch (error) {
    if (error instanceof LexwareNotConnectedError)
      throw new MailError('NOT_CONNECTED', 'Lexware Office ist nicht verbunden.', false);
    throw new MailError(
      'PDF',
      `Die Belegnummer konnte nicht von Lexware Office gelesen werden: ${(error as Error).message}`,
      true,
    );
  }
}

/**
 * Sends one document by e-mail, at most once per intent: the send is claimed in the database
 * before anything else, moved to `sending` as the last write before the SMTP conversation and
 * to `sent` (with the document's `emailed_at`) once the server accepted it. A crash between the
 * server's acceptance and that write leaves `sending`; a retry then does not send again but
 * logs the send as uncertain, for the merchant to check and resend from the dialog. We chose
 * at most once because a customer who gets the same invoice twice is worse off than a merchant
 * told that one mail may be missing.
 */
export async function sendDocumentMail(deps: MailDeps, req: SendRequest): Promise<SendResult> {
  const { store } = deps;
  const { shopId } = req;
  const doc = await loadDocument(store, shopId, req.documentId);
  const [prefs, order, shop] = await Promise.all([
    mailPreferences(store, shopId),
    orderOf(store, shopId, doc),
    store.shop(shopId),
  ]);
  const settings = sendMailSettingsOf(doc.type, prefs);
  const log = (entry: SendLogEntry) =>
    store.writeLog({
      shopId,
      origin: 'mail',
      orderId: doc.orderId,
      orderName: doc.orderName,
      ref: { [doc.type]: doc.lexwareId },
      ...entry,
    });

  if (!req.manual) {
    if (!settings.enabled) return { outcome: 'disabled' };
    const skip = order ? mailSkipReason(settings, order) : null;
    if (doc.status === 'draft' || skip) {
      const reason = skip ?? 'DRAFT';
      await log({ event: 'mail.skipped', status: 'info', body: { reason, number: doc.number } });
      return { outcome: 'skipped', reason };
    }
  } else if (doc.status === 'draft') {
    throw new MailError(
      'DRAFT',
      'Entwürfe können nicht per E-Mail versendet werden. Bitte finalisiere den Beleg in Lexware Office.',
      false,
    );
  }

  const m = req.manual;
  const vars: TemplateVars = order ? templateVars(order) : { 'ORDER.NAME': doc.orderName ?? '' };
  const render = () =>
    renderMailTexts(
      {
        ...settings,
        to: m ? m.email : settings.to,
        copy: m ? m.copy : settings.copy,
        subject: m?.subject || settings.subject || `${KIND_NAME[doc.type]} ${doc.number ?? ''}`,
        message: m ? m.message || settings.message : settings.message,
        signature: m ? m.signature : settings.signature,
      },
      vars,
    );
  const texts: MailTexts = render();
  if (!isEmail(texts.to)) {
    if (m) throw new MailError('INVALID_RECIPIENT', 'Bitte gib eine gültige E-Mail-Adresse ein', false);
    await log({
      event: 'mail.skipped',
      status: 'warning',
      body: { reason: 'MISSING_CUSTOMER_EMAIL', email: texts.to, number: doc.number },
    });
    return { outcome: 'skipped', reason: 'MISSING_CUSTOMER_EMAIL' };
  }
  if (texts.copy && !isEmail(texts.copy)) texts.copy = '';
  if (texts.replyTo && !isEmail(texts.replyTo)) texts.replyTo = '';

  const claim = await store.claimMailSend({ shopId, documentId: doc.id, intent: req.intent, recipient: texts.to });
  if (!claim.claimed) return settle(deps, claim.send, doc, log);
  const send = claim.send;

  let pdf: MailFile;
  let extra: { files: MailFile[]; skipped: SkippedAttachment[] };
  try {
    // Only a mail that goes out needs the number (subject, file name): read it now, not before the claim.
    if (!doc.number) {
      doc.number = await numberFor(deps, shopId, doc);
      texts.subject = render().subject;
    }
    const [files, fetched] = await Promise.all([
      fetchFiles(deps, shopId, doc),
      fetchAttachments(m ? m.attachments : settings.attachments, parseOutboundPolicy(deps.mail.outboundTestHosts)),
    ]);
    pdf = files.pdf;
    extra = { ...fetched, files: [...files.xml, ...fetched.files] };
  } catch (error) {
    await store.markMailUnsent(send, 'failed', (error as Error).message);
    throw error;
  }

  const smtp = await store.shopSmtp(shopId);
  const own = smtp?.status === 'connected';
  let server: MailServer;
  try {
    // The shop's own server obeys the rules for user-given addresses at every send, not only at its check.
    server = own
      ? await guardShopServer(shopServer(smtp), parseOutboundPolicy(deps.mail.outboundTestHosts))
      : parseSmtpUrl(deps.mail.smtpUrl);
  } catch (error) {
    if (!(error instanceof OutboundRefused)) throw error;
    await store.markMailUnsent(send, 'failed', error.message);
    await store.interruptShopSmtp(shopId, error.message);
    throw new MailError('SMTP', error.message, true);
  }
  const fallback = splitAddress(deps.mail.from);
  const from = own
    ? { name: smtp.name || texts.name || shop?.name || '', address: smtp.email }
    : { name: texts.name || shop?.name || fallback.name, address: fallback.address };
  // The default relay may only send as itself; the shop's address becomes the reply address.
  if (!texts.replyTo) texts.replyTo = own ? '' : isEmail(texts.sender) ? texts.sender : (shop?.email ?? '');
  const messageId = `<${send.id}@${from.address.split('@')[1] ?? 'belegfluss.local'}>`;
  const message = buildDocumentMail({ from, texts, pdf, extra: extra.files, messageId });

  if (!(await store.markMailSending(send, own ? 'own' : 'default', messageId))) return { outcome: 'in_progress' };
  const transport = createMailTransport(server, deps.timeoutMs);
  try {
    await transport.sendMail(message);
  } catch (error) {
    const text = describeSmtpError(error, server);
    if (deliveryUnknown(error)) {
      await store.markMailUnsent(send, 'uncertain', text);
      await log({
        event: 'mail.uncertain',
        status: 'warning',
        body: { email: texts.to, number: doc.number, error: text },
      });
      return { outcome: 'uncertain' };
    }
    // Not logged here: the workflow retries and logs the final failure, the dialog shows it.
    await store.markMailUnsent(send, 'failed', text);
    // The shop's own server refused us for good: back to the default sender until it is checked again.
    if (own && !isTransient(error)) await store.interruptShopSmtp(shopId, text);
    throw new MailError('SMTP', text, isTransient(error) || own);
  } finally {
    transport.close();
  }
  const emailedAt = await store.markMailSent(send);
  await log({
    event: 'mail.sent',
    status: 'success',
    body: {
      email: texts.to,
      bcc: texts.copy || undefined,
      number: doc.number,
      type: doc.type,
      sender: own ? 'smtp' : 'default',
      ...(extra.skipped.length ? { attachments: extra.skipped } : {}),
    },
  });
  return {
    outcome: 'sent',
    emailedAt: emailedAt.toISOString(),
    recipient: texts.to,
    messageId,
    sender: own ? 'own' : 'default',
    skippedAttachments: extra.skipped,
  };
}

/** Another attempt owns or owned this send: say what became of it. */
async function settle(
  deps: MailDeps,
  send: MailSend,
  doc: Doc,
  log: (e: SendLogEntry) => Promise<void>,
): Promise<SendResult> {
  if (send.status === 'sent') return { outcome: 'already_sent' };
  if (send.status === 'sending') {
    await deps.store.markMailUncertain(send.id);
    await log({
      event: 'mail.uncertain',
      status: 'warning',
      body: {
        email: send.recipient,
        number: doc.number,
        message:
          'Der Versand wurde unterbrochen; bitte prüfe, ob die E-Mail angekommen ist, und sende sie sonst erneut.',
      },
    });
    return { outcome: 'uncertain' };
  }
  return { outcome: send.status === 'uncertain' ? 'uncertain' : 'in_progress' };
}
