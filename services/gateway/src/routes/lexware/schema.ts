import { z } from 'zod';
import { single } from '../../http';

/** GET /api/lexoffice/callback: Lexware back from the OAuth grant. */
export const CallbackQuery = z.object({ code: z.string().min(1), state: z.string().min(1) });

/** POST /api/lexoffice/link: the code another store of the merchant handed out. */
export const LinkBody = z.object({
  code: z.string({ error: 'Pflichtfeld' }).trim().min(1, 'Pflichtfeld').max(100, 'Maximal 100 Zeichen'),
});

/** GET /api/lexoffice/vars: a template (up to a mail message's 30000 characters) and the field it is for. */
export const VarsQuery = z.object({
  value: z.preprocess(single, z.string({ error: 'Pflichtfeld' }).max(30000, 'Maximal 30000 Zeichen')),
  type: z.preprocess(
    single,
    z.enum(['invoice', 'credit', 'mail'], { error: 'Vorlage ist invoice, credit oder mail' }).default('invoice'),
  ),
  field: z.preprocess(single, z.string().max(100, 'Maximal 100 Zeichen').default('')),
});

/** POST /api/lexoffice/signup: its schema lives in @belegfluss/shared, where the shell's signup dialog checks it too. */
export { LexwareSignupBody } from '@belegfluss/shared';
