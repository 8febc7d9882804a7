import { z } from 'zod';
import { LIMITS, MESSAGES } from './messages';
import { attachmentEntries } from './fields';

/**
 * The send dialog and the SMTP sender form, shared by the gateway
 * and the preferences remote so both check the same rules with the same words.
 */
export const MAIL_MESSAGES = {
  hostRequired: MESSAGES.required,
  host: 'Ungültiger Hostname',
  port: 'Bitte gib einen Port zwischen 1 und 65535 ein',
  senderEmail: MESSAGES.emailRequired,
  sent: 'Beleg per E-Mail versendet',
  draft: 'Entwürfe können nicht per E-Mail versendet werden. Bitte finalisiere den Beleg in Lexware Office.',
  smtpConnected: 'SMTP-Verbindung erfolgreich hergestellt',
  smtpFailed: 'SMTP-Verbindung fehlgeschlagen',
  passwordAgain: 'Bitte gib das Passwort erneut ein, wenn du den Server oder den Benutzernamen änderst.',
} as const;

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
/** RFC 1123 host names (labels of letters, digits and hyphens) or an IPv4 address. */
const HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const address = (message: string) => z.string().trim().regex(EMAIL, message);
const optionalAddress = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || EMAIL.test(v), message)
    .default('');

/** Encryption: SSL is TLS from the first byte (usually port 465), TLS is STARTTLS (usually 587). */
export const SMTP_ENCRYPTIONS = ['SSL', 'TLS'] as const;
export type SmtpEncryption = (typeof SMTP_ENCRYPTIONS)[number];
export const SMTP_DEFAULT_PORT: Record<SmtpEncryption, number> = { SSL: 465, TLS: 587 };

/** unchecked: saved, not tried; connected: the last check or send worked; interrupted: it failed (error stored). */
export const SMTP_STATES = ['unchecked', 'connected', 'interrupted'] as const;
export type SmtpState = (typeof SMTP_STATES)[number];

export const SmtpSettingsSchema = z.object({
  host: z
    .string({ error: MAIL_MESSAGES.hostRequired })
    .trim()
    .min(1, MAIL_MESSAGES.hostRequired)
    .regex(HOST, MAIL_MESSAGES.host),
  port: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: MAIL_MESSAGES.port })
      .int(MAIL_MESSAGES.port)
      .min(1, MAIL_MESSAGES.port)
      .max(65535, MAIL_MESSAGES.port)
      .optional(),
  ),
  encryption: z.enum(SMTP_ENCRYPTIONS).default('SSL'),
  user: z.string().trim().max(256, MESSAGES.max(256)).default(''),
  /** Absent or empty on a change: the stored password stays. Never sent back to the browser. */
  pass: z.string().max(1024, MESSAGES.max(1024)).optional(),
  email: address(MAIL_MESSAGES.senderEmail),
  name: z.string().trim().max(256, MESSAGES.max(256)).default(''),
});
export type SmtpSettingsInput = z.input<typeof SmtpSettingsSchema>;

/**
 * Whether a form without a password may keep the stored one. Only for the same server and login:
 * otherwise whoever may edit the form could point it at a server of their own and read the
 * password there. Port and encryption may change freely; they reach the same operator's machine.
 */
export function storedSmtpPasswordApplies(
  stored: { host: string; user: string },
  next: { host: string; user: string },
): boolean {
  return stored.host.trim().toLowerCase() === next.host.trim().toLowerCase() && stored.user === next.user;
}
export type SmtpSettings = z.infer<typeof SmtpSettingsSchema>;

/** What GET /api/shop/smtp answers: the form's values, the state and no password. */
export interface SmtpSettingsView {
  host: string;
  port: number | null;
  encryption: SmtpEncryption;
  user: string;
  email: string;
  name: string;
  hasPassword: boolean;
  status: SmtpState;
  error: string | null;
  checkedAt: string | null;
}

/** The send dialog's body (POST /api/orders/{id}/{type}/email). */
export const SendDocumentMailSchema = z.object({
  /** The document's Lexware id (`_key`); absent: the order's newest document of the type. */
  receipt: z.string().trim().min(1).optional(),
  email: z
    .string({ error: MESSAGES.recipientRequired })
    .trim()
    .min(1, MESSAGES.recipientRequired)
    .regex(EMAIL, MESSAGES.email),
  copy: optionalAddress(MESSAGES.email),
  subject: z.string().trim().max(LIMITS.mailSubject, MESSAGES.max(LIMITS.mailSubject)).default(''),
  message: z.string().max(LIMITS.mailMessage, MESSAGES.max(LIMITS.mailMessage)).default(''),
  signature: z.string().max(LIMITS.mailMessage, MESSAGES.max(LIMITS.mailMessage)).default(''),
  attachments: attachmentEntries(),
});
export type SendDocumentMailInput = z.input<typeof SendDocumentMailSchema>;
export type SendDocumentMail = z.infer<typeof SendDocumentMailSchema>;
