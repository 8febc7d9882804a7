import { InvoicePreferencesSchema } from '@belegfluss/shared';

/**
 * One automatic-mail block as the form edits it. Invoices keep it nested
 * (`invoiceSendMail.subject`), credit notes flat (`creditSendMailSubject`);
 * the two adapters below translate values, patches and the gateway's error fields.
 */
export interface MailBlock {
  enabled: boolean;
  to: string;
  name: string;
  replyTo: string;
  copy: string;
  subject: string;
  message: string;
  signature: string;
  attachments: string[];
  skipTags: string[];
  skipSources: string[];
}

export type MailKind = 'invoice' | 'credit';
type Raw = Record<string, unknown>;

const FIELDS = [
  'enabled',
  'to',
  'name',
  'replyTo',
  'copy',
  'subject',
  'message',
  'signature',
  'attachments',
  'skipTags',
  'skipSources',
] as const;
const capital = (s: string) => `${s[0]!.toUpperCase()}${s.slice(1)}`;

export interface MailAdapter {
  kind: MailKind;
  /** The preferences section the block is saved in. */
  section: 'invoices' | 'credits';
  /** The block of a section's value. */
  read(value: Raw): MailBlock;
  /** Whether documents of this kind are finalised automatically; mail depends on it. */
  finalized(value: Raw): boolean;
  /** The PATCH body that saves the block. */
  patch(block: MailBlock): Raw;
  /** The PATCH body that turns automatic finalising on. */
  finalizeOn: Raw;
  /** Which `forced` entry of an answer says the server switched mail off. */
  forcedOff: string;
  /** The gateway's error field (`invoiceSendMail.attachments.2`) as the form's (`attachments.2`), or undefined if not ours. */
  field(serverField: string): string | undefined;
}

function block(get: (field: (typeof FIELDS)[number]) => unknown): MailBlock {
  const list = (v: unknown) =>
    Array.isArray(v)
      ? v.map((e) => String(typeof e === 'object' && e && 'value' in e ? (e as { value: unknown }).value : e))
      : [];
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    enabled: get('enabled') === true,
    to: text(get('to')),
    name: text(get('name')),
    replyTo: text(get('replyTo')),
    copy: text(get('copy')),
    subject: text(get('subject')),
    message: text(get('message')),
    signature: text(get('signature')),
    attachments: list(get('attachments')),
    skipTags: list(get('skipTags')),
    skipSources: list(get('skipSources')),
  };
}

export const INVOICE_MAIL: MailAdapter = {
  kind: 'invoice',
  section: 'invoices',
  read: (value) => block((f) => ((value.invoiceSendMail ?? {}) as Raw)[f]),
  finalized: (value) => value.invoiceFinalize === true,
  patch: (b) => ({ invoiceSendMail: b }),
  finalizeOn: { invoiceFinalize: true },
  forcedOff: 'invoiceSendMail.enabled',
  field: (f) => (f.startsWith('invoiceSendMail.') ? f.slice('invoiceSendMail.'.length) : undefined),
};

export const CREDIT_MAIL: MailAdapter = {
  kind: 'credit',
  section: 'credits',
  read: (value) => block((f) => value[`creditSendMail${capital(f)}`]),
  finalized: (value) => value.creditFinalize === true,
  patch: (b) => Object.fromEntries(FIELDS.map((f) => [`creditSendMail${capital(f)}`, b[f]])),
  finalizeOn: { creditFinalize: true },
  forcedOff: 'creditSendMailEnabled',
  field: (f) => {
    const match = /^creditSendMail([A-Z]\w*)(\..*)?$/.exec(f);
    return match ? `${match[1]![0]!.toLowerCase()}${match[1]!.slice(1)}${match[2] ?? ''}` : undefined;
  },
};

/** Both blocks follow the same rules (packages/shared/src/preferences/fields.ts); the invoice schema words them. */
const BLOCK_SCHEMA = InvoicePreferencesSchema.shape.invoiceSendMail;

/** The first error of each field, keyed as the form names them (`subject`, `attachments.1`). */
export function blockErrors(b: MailBlock): Record<string, string> {
  const parsed = BLOCK_SCHEMA.safeParse(b);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

/** A tag as the server keeps it: trimmed and lower-cased. */
export const normalizeTag = (tag: string) => tag.trim().toLowerCase();
