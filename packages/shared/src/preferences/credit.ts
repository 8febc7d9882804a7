import { z } from 'zod';
import { LIMITS, MESSAGES } from './messages';
import { DEFAULT_TEXTS } from './texts';
import { attachmentEntries, emailOrTemplate, mailRecipient, referencePlaces, tags, text } from './fields';

const T = DEFAULT_TEXTS.credit;

/** Credit-note preferences of spec 3 §3, with the flat field names the spec uses. */
export const CreditPreferencesSchema = z.object({
  creditCreate: z.preprocess((v) => (v === 'all' ? true : v), z.boolean()).default(true),
  creditFinalize: z.boolean().default(true),
  /** As on invoices: discounts as their own line instead of folded into the items. */
  useDiscount: z.boolean().default(false),
  creditReferencePlaces: referencePlaces(),
  creditLayoutTitle: text(LIMITS.title, T.title),
  creditLayoutIntroduction: text(LIMITS.introduction, T.introduction),
  creditLayoutRemark: text(LIMITS.remark, T.remark),
  creditLayoutItemTitle: text(LIMITS.itemTitle, T.itemTitle),
  creditLayoutItemDetail: text(LIMITS.detail, T.itemDetail),
  creditLayoutItemUnit: text(LIMITS.unit, T.itemUnit),
  creditLayoutPrintLayout: z.string().nullable().default(null),
  creditSendMailEnabled: z.boolean().default(false),
  creditSendMailSender: emailOrTemplate(),
  creditSendMailName: z.string().max(256, MESSAGES.max(256)).default(''),
  creditSendMailCopy: emailOrTemplate(),
  creditSendMailSubject: text(LIMITS.mailSubject, T.mailSubject),
  creditSendMailTo: mailRecipient(),
  creditSendMailMessage: text(LIMITS.mailMessage, T.mailMessage),
  creditSendMailSignature: text(LIMITS.mailMessage, ''),
  creditSendMailReplyTo: emailOrTemplate(),
  /** Entries carry a URL and, in the form, its error; only the URL is kept. */
  creditSendMailAttachments: attachmentEntries(),
  creditSendMailSkipTags: tags(),
  creditSendMailSkipSources: z.array(z.string()).default([]),
});

export type CreditPreferences = z.infer<typeof CreditPreferencesSchema>;
export const DEFAULT_CREDIT_PREFERENCES: CreditPreferences = CreditPreferencesSchema.parse({});

/** Mail needs finalised credit notes (spec 3 §4): the block is hidden and off while finalize is off. */
export function normalizeCreditPreferences(prefs: CreditPreferences): { value: CreditPreferences; forced: string[] } {
  if (!prefs.creditFinalize && prefs.creditSendMailEnabled)
    return { value: { ...prefs, creditSendMailEnabled: false }, forced: ['creditSendMailEnabled'] };
  return { value: prefs, forced: [] };
}
