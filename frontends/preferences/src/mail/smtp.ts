import {
  SMTP_DEFAULT_PORT,
  SMTP_ENCRYPTIONS,
  SmtpSettingsSchema,
  type SmtpEncryption,
  type SmtpSettingsView,
  type SmtpState,
} from '@belegfluss/shared';

/** The SMTP form's fields as typed; the port stays text until it is sent. */
export interface SmtpForm {
  host: string;
  port: string;
  encryption: SmtpEncryption;
  user: string;
  pass: string;
  email: string;
  name: string;
}

export const SMTP_KEY = ['shop', 'smtp'] as const;

export const EMPTY_SMTP_FORM: SmtpForm = {
  host: '',
  port: '',
  encryption: 'SSL',
  user: '',
  pass: '',
  email: '',
  name: '',
};

/** The saved sender as the form starts; the password is never sent back, so it starts empty. */
export const formOf = (view: SmtpSettingsView | null): SmtpForm =>
  view
    ? {
        host: view.host,
        port: view.port == null ? '' : String(view.port),
        encryption: view.encryption,
        user: view.user,
        pass: '',
        email: view.email,
        name: view.name,
      }
    : EMPTY_SMTP_FORM;

/** The request body: an empty password means "keep the stored one", so it is left out. */
export const bodyOf = (form: SmtpForm) => {
  const { pass, ...rest } = form;
  return pass ? form : rest;
};

/** The same schema the gateway checks with, so the form blocks what the server would refuse, in the same words. */
export function smtpErrors(form: SmtpForm): Partial<Record<keyof SmtpForm, string>> {
  const parsed = SmtpSettingsSchema.safeParse(bodyOf(form));
  if (parsed.success) return {};
  const errors: Partial<Record<keyof SmtpForm, string>> = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof SmtpForm] ??= issue.message;
  return errors;
}

export const STATE_LABEL: Record<SmtpState, { label: string; tone?: 'success' | 'critical' | 'attention' }> = {
  unchecked: { label: 'Ungeprüft', tone: 'attention' },
  connected: { label: 'Verbunden', tone: 'success' },
  interrupted: { label: 'Unterbrochen', tone: 'critical' },
};

export const ENCRYPTION_OPTIONS = SMTP_ENCRYPTIONS.map((value) => ({
  value,
  label:
    value === 'SSL'
      ? `SSL (verschlüsselt ab dem ersten Byte, meist Port ${SMTP_DEFAULT_PORT.SSL})`
      : `TLS (STARTTLS, meist Port ${SMTP_DEFAULT_PORT.TLS})`,
}));

/** What `POST /api/shop/smtp/validate` answers. */
export interface SmtpCheck {
  status: SmtpState;
  result: { ok: boolean; message: string };
  smtp: SmtpSettingsView;
}
