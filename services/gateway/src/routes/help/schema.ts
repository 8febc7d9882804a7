import { z } from 'zod';

/** POST /api/help/contact: the help page's contact form. */
export const ContactBody = z.object({
  subject: z.string({ error: 'Pflichtfeld' }).trim().min(1, 'Pflichtfeld').max(200, 'Maximal 200 Zeichen'),
  message: z.string({ error: 'Pflichtfeld' }).trim().min(1, 'Pflichtfeld').max(5000, 'Maximal 5000 Zeichen'),
});
