import { z } from 'zod';
import { DEFAULT_LINK_STYLE, MESSAGES } from '@belegfluss/shared';

const text = (fallback: string) =>
  z.string().trim().min(1, MESSAGES.notEmpty).max(100, MESSAGES.max(100)).default(fallback);

/** GET /api/metafields/links: step 2 of the wizard, how the link looks. */
export const LinksQuery = z.object({
  invoiceText: text(DEFAULT_LINK_STYLE.text.invoice),
  creditText: text(DEFAULT_LINK_STYLE.text.credit),
  style: z
    .enum(['button', 'link'], { error: 'Die Darstellung ist button oder link' })
    .default(DEFAULT_LINK_STYLE.style),
  color: z
    .string()
    .regex(/^#[0-9a-f]{3,8}$/i, 'Bitte gib eine Farbe wie #1a1a1a ein')
    .default(DEFAULT_LINK_STYLE.color),
});
