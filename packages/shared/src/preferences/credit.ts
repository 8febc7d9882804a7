import { z } from 'zod';
import { LIMITS, MESSAGES } from './messages';
import { PREFERENCE_DEFAULTS } from './defaults';
import { attachmentEntries, emailOrTemplate, mailRecipient, referencePlaces, tags, text } from './fields';

const D = PREFERENCE_DEFAULTS.credit;

/** Credit-note preferences, with the flat field names the spec uses. */
export const CreditPreferencesSchema = z.object({
  creditCreate: z.preprocess((v) => (v === 'all' ? true : v), z.boolean()).default(D.creditCreate),
  creditFinalize: z.boolean().default(D.creditFinalize),
  /** As on invoices: discounts as their own line instead of folded into the items. */
  useDiscount: z.boolean().default(D.useDiscount),
  creditReferencePlaces: referencePlaces(),
  creditLayoutTitle: text(LIMITS.title, D.creditLayoutTitle),
  creditLayoutIntroduction: text(LIMITS.introduction, D.creditLayoutIntroduction),
  creditLayoutRemark: text(LIMITS.remark, D.creditLayoutRemark),
  creditLayoutItemTitle: text(LIMITS.itemTitle, D.creditLayoutItemTitle),
  creditLayoutItemDetail: text(LIMITS.detail, D.creditLayoutItemDetail),
  creditLayoutItemUnit: text(LIMITS.unit, D.creditLayoutItemUnit),
  creditLayoutPrintLayout: z.string().nullable().default(D.creditLayoutPrintLayout),
  creditSendMailEnabled: z.boolean().default(D.creditSendMailEnabled),
  creditSendMailSender: emailOrTemplate(),
  creditSendMailName: z.string().max(256, MESSAGES.max(256)).default(D.creditSendMailName),
  creditSendMailCopy: emailOrTemplate(),
  creditSendMailSubject: text(LIMITS.mailSubject, D.creditSendMailSubject),
  creditSendMailTo: mailRecipient(),
  creditSendMailMessage: text(LIMITS.mailMessage, D.creditSendMailMessage),
  creditSendMailSignature: text(LIMITS.mailMessage, D.creditSendMailSignature),
  creditSendMailReplyTo: emailOrTemplate(),
  /** Entries carry a URL and, in the form, its error; only the URL is kept. */
  creditSendMailAttachments: attachmentEntries(),
  creditSendMailSkipTags: tags(),
  creditSendMailSkipSources: z.array(z.string()).default(D.creditSendMailSkipSources),
});

export type CreditPreferences = z.infer<typeof CreditPreferencesSchema>;

/** Mail needs finalised credit notes: the block is hidden and off while finalize is off. */
export function normalizeCreditPreferences(prefs: CreditPreferences): { value: CreditPreferences; forced: string[] } {
  if (!prefs.creditFinalize && prefs.creditSendMailEnabled)
    return { value: { ...prefs, creditSendMailEnabled: false }, forced: ['creditSendMailEnabled'] };
  return { value: prefs, forced: [] };
}
