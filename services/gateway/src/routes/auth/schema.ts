import { z } from 'zod';
import { isShopDomain } from '@belegfluss/shopify';

/** GET /api/auth: the install or re-authorisation link. */
export const InstallQuery = z.object({
  shop: z.string().refine(isShopDomain, 'Ungültige Shop-Domain'),
  scopes: z.string().optional(),
  hmac: z.string().optional(),
  embedded: z.string().optional(),
});

/** GET /api/auth/callback: Shopify back from the grant. */
export const CallbackQuery = z.object({
  shop: z.string().refine(isShopDomain, 'Ungültige Shop-Domain'),
  code: z.string().min(1),
  state: z.string().min(1),
  hmac: z.string().min(1),
});
