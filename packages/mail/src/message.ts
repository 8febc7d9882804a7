import type Mail from 'nodemailer/lib/mailer';
import { renderTemplate, type CreditPreferences, type InvoicePreferences, type TemplateVars } from '@belegfluss/shared';

export type DocumentKind = 'invoice' | 'credit';

/** One shape for the invoice's `invoiceSendMail` and the credit note's flat `creditSendMail*` fields. */
export interface SendMailSettings {
  enabled: boolean;
  sender: string;
  name: string;
  copy: string;
  subject: string;
  to: string;
  message: string;
  signature: string;
  attachments: string[];
  replyTo: string;
  skipTags: string[];
  skipSources: string[];
}

export function sendMailSettingsOf(
  kind: DocumentKind,
  prefs: { invoice: InvoicePreferences; credit: CreditPreferences },
): SendMailSettings {
  if (kind === 'invoice')
    return {
      ...prefs.invoice.invoiceSendMail,
      enabled: prefs.invoice.invoiceSendMail.enabled && prefs.invoice.invoiceFinalize,
    };
  const c = prefs.credit;
  return {
    enabled: c.creditSendMailEnabled && c.creditFinalize,
    sender: c.creditSendMailSender,
    name: c.creditSendMailName,
    copy: c.creditSendMailCopy,
    subject: c.creditSendMailSubject,
    to: c.creditSendMailTo,
    message: c.creditSendMailMessage,
    signature: c.creditSendMailSignature,
    attachments: c.creditSendMailAttachments,
    replyTo: c.creditSendMailReplyTo,
    skipTags: c.creditSendMailSkipTags,
    skipSources: c.creditSendMailSkipSources,
  };
}

/** Why an automatic mail is not sent for this order: a skip tag or a skip source (pos, …). */
export function mailSkipReason(
  settings: Pick<SendMailSettings, 'skipTags' | 'skipSources'>,
  order: { tags?: string | null; source_name?: string | null },
): 'SKIP_TAG' | 'SKIP_SOURCE' | null {
  const tags = (order.tags ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  if (settings.skipTags.some((t) => tags.includes(t))) return 'SKIP_TAG';
  const source = (order.source_name ?? '').toLowerCase();
  if (source && settings.skipSources.some((s) => s.toLowerCase() === source)) return 'SKIP_SOURCE';
  return null;
}

/** The templates of one mail, as the settings or the send dialog give them. */
export interface MailTemplates {
  to: string;
  copy: string;
  replyTo: string;
  sender: string;
  name: string;
  subject: string;
  message: string;
  signature: string;
}

/** The texts of one mail with every placeholder filled; addresses stay empty when a template renders to nothing. */
export interface MailTexts extends MailTemplates {
  /**
   * Whether the message and the signature are HTML, decided on the merchant's template: a placeholder
   * value (a customer's name, an order note) must not turn plain text into HTML.
   */
  html: { message: boolean; signature: boolean };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const looksLikeHtml = (s: string) => /<\/?[a-z][^>]*>/i.test(s);

export function renderMailTexts(s: MailTemplates, vars: TemplateVars): MailTexts {
  const r = (v: string) => renderTemplate(v, vars);
  // Values come from customers and orders: in an HTML template they are text, never markup.
  const escaped = Object.fromEntries(Object.entries(vars).map(([name, value]) => [name, escapeHtml(value)]));
  const body = (template: string) => renderTemplate(template, looksLikeHtml(template) ? escaped : vars);
  return {
    to: r(s.to),
    copy: r(s.copy),
    replyTo: r(s.replyTo),
    sender: r(s.sender),
    name: r(s.name),
    subject: r(s.subject).replace(/\s+/g, ' '),
    message: body(s.message),
    signature: body(s.signature),
    html: { message: looksLikeHtml(s.message), signature: looksLikeHtml(s.signature) },
  };
}

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
export const isEmail = (v: string) => EMAIL.test(v);

type MailBody = Pick<MailTexts, 'message' | 'signature' | 'html'>;
const parts = (t: MailBody) =>
  [
    { text: t.message, html: t.html.message },
    { text: t.signature, html: t.html.signature },
  ].filter((p) => p.text.trim() !== '');

/** Message and signature may be HTML; plain text keeps its line breaks. */
export function mailHtml(t: MailBody): string {
  const body = parts(t)
    .map((p) => `<div>${p.html ? p.text : escapeHtml(p.text).replace(/\r?\n/g, '<br>\n')}</div>`)
    .join('\n<br>\n');
  return `<!doctype html>\n<html lang="de"><body>\n${body}\n</body></html>`;
}

/** The plain-text alternative of the HTML part. */
export function mailText(t: MailBody): string {
  const plain = (s: string) =>
    s
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|div|h\d|li|tr)>/gi, '\n')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  return parts(t)
    .map((p) => (p.html ? plain(p.text) : p.text).trim())
    .join('\n\n-- \n');
}

export interface MailFile {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface DocumentMail {
  from: { name: string; address: string };
  texts: MailTexts;
  pdf: MailFile;
  extra: MailFile[];
  /** Our id for this send; the same on every attempt, so the receiving side can tell a repeat. */
  messageId: string;
}

/** The message as nodemailer sends it. Pure: everything it needs is passed in. */
export function buildDocumentMail(m: DocumentMail): Mail.Options {
  const { texts } = m;
  return {
    from: { name: m.from.name, address: m.from.address },
    to: texts.to,
    ...(texts.copy ? { bcc: texts.copy } : {}),
    ...(texts.replyTo ? { replyTo: texts.replyTo } : {}),
    subject: texts.subject,
    text: mailText(texts),
    html: mailHtml(texts),
    messageId: m.messageId,
    attachments: [m.pdf, ...m.extra].map((f) => ({
      filename: f.filename,
      content: f.content,
      contentType: f.contentType,
    })),
  };
}

/** `RE0001.pdf`, or the kind's German name while the number is unknown. */
export const pdfFileName = (kind: DocumentKind, number: string | null) =>
  `${(number ?? (kind === 'invoice' ? 'Rechnung' : 'Gutschrift')).replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
