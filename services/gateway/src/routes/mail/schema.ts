/**
 * POST /api/orders/{id}/{type}/email and the shop's SMTP sender: both schemas live in @belegfluss/shared, where the
 * shell's send dialog and the preferences' mail page check them too.
 */
export { SendDocumentMailSchema, SmtpSettingsSchema } from '@belegfluss/shared';
