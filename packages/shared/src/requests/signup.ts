import { z } from 'zod';

/** The account-opening dialog's field errors. */
export const SIGNUP_MESSAGES = {
  emailRequired: 'Bitte gib deine E-Mail-Adresse ein',
  emailInvalid: 'Bitte gib eine gültige E-Mail-Adresse ein',
  acceptTerms: 'Bitte akzeptiere die AGB und die Datenschutzhinweise von Lexware Office',
} as const;

/** An e-mail address without spaces; the registration page of the sandbox checks the same. */
export const SignupEmail = z
  .string({ error: SIGNUP_MESSAGES.emailRequired })
  .trim()
  .min(1, SIGNUP_MESSAGES.emailRequired)
  .max(254, SIGNUP_MESSAGES.emailInvalid)
  .pipe(z.email(SIGNUP_MESSAGES.emailInvalid));

/** `POST /api/lexoffice/signup`: the merchant opens a Lexware Office account for the shop. */
export const LexwareSignupBody = z.object({
  email: SignupEmail,
  acceptTerms: z.literal(true, { error: SIGNUP_MESSAGES.acceptTerms }),
});
export type LexwareSignup = z.infer<typeof LexwareSignupBody>;
