import { z } from 'zod';
import { ATTACHMENT_EXTENSIONS, LIMITS, MESSAGES } from './messages';

/** Building blocks shared by the preference schemas. */
export const text = (max: number, fallback: string) => z.string().max(max, MESSAGES.max(max)).default(fallback);

/** Tags are lower-cased and trimmed, duplicates dropped. */
export const tags = () =>
  z
    .array(z.string())
    .default([])
    .transform((list) => [...new Set(list.map((t) => t.trim().toLowerCase()).filter(Boolean))]);

const URL_PATTERN = /^https?:\/\/[^\s/?#]+\.[^\s/?#]+(?:[/?#]\S*)?$/i;
const attachment = z
  .string()
  .trim()
  .regex(URL_PATTERN, { error: MESSAGES.url, abort: true })
  .refine((url) => {
    const path = (url.split(/[?#]/)[0] ?? '').replace(/^https?:\/\/[^/]+/i, '');
    const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
    return ext !== undefined && (ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext);
  }, MESSAGES.attachmentExtension);

/** Up to 5 extra attachment URLs with an allowed file type. */
export const attachments = () => z.array(attachment).max(LIMITS.attachments, MESSAGES.tooManyAttachments).default([]);
/** The same, accepting entries as the forms keep them ({value, error}); only the URL is kept. */
export const attachmentEntries = () =>
  z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v.map((e) => (typeof e === 'object' && e !== null && 'value' in e ? (e as { value: unknown }).value : e))
        : v,
    attachments(),
  );
export const mailRecipient = () =>
  emailOrTemplate()
    .refine((v) => v !== '', MESSAGES.recipientRequired)
    .default('{ORDER.EMAIL}');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An address or a template that renders to one ({ORDER.EMAIL}); empty means "not set". */
export const emailOrTemplate = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || EMAIL.test(v) || /\{[A-Z_.]+\}/.test(v), MESSAGES.email)
    .default('');

export const sendMail = (subject: string, message: string) =>
  z
    .object({
      enabled: z.boolean().default(false),
      sender: emailOrTemplate(),
      name: z.string().max(256, MESSAGES.max(256)).default(''),
      copy: emailOrTemplate(),
      subject: text(LIMITS.mailSubject, subject),
      to: mailRecipient(),
      message: text(LIMITS.mailMessage, message),
      /** Appended below the message; HTML allowed like the message. */
      signature: text(LIMITS.mailMessage, ''),
      attachments: attachments(),
      replyTo: emailOrTemplate(),
      skipTags: tags(),
      skipSources: z.array(z.string()).default([]),
    })
    .prefault({});

export const referencePlaces = () =>
  z
    .array(z.enum(['title', 'introduction', 'remark']))
    .default(['remark'])
    .transform((list) => [...new Set(list)]);
