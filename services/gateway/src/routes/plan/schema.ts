import { z } from 'zod';
import { COUPON_MESSAGES, PLANS, PURCHASABLE_FEATURES, type PlanId } from '@belegfluss/shared';

/** Upper case, spaces become hyphens; stored codes are at most 30 characters. */
export const CouponCode = z
  .string({ error: COUPON_MESSAGES.INVALID })
  .transform((s) => s.trim().toUpperCase().replace(/ /g, '-'))
  .pipe(
    z
      .string()
      .min(4, COUPON_MESSAGES.INVALID)
      .max(30, COUPON_MESSAGES.INVALID)
      .regex(/^[A-Z0-9-]+$/, COUPON_MESSAGES.INVALID),
  );

const planIds = PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

/** `POST /api/plan`, as PlanPage sends it. */
export const PlanChangeBody = z.strictObject(
  {
    plan: z.enum(planIds, { error: 'Unbekannter Tarif' }),
    annual: z.boolean({ error: 'annual ist true oder false' }).default(false),
    coupon: CouponCode.nullable().optional(),
  },
  { error: 'Bitte sende {plan, annual, coupon}' },
);

export const PurchaseFeatureParam = z.enum(PURCHASABLE_FEATURES, {
  error: 'Diese Funktion kann nicht einzeln gekauft werden.',
});

/** Shopify's return from the charge confirmation page. */
export const BillingReturnQuery = z.object({
  shop: z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, 'Ungültiger Shop'),
  charge_id: z.string().regex(/^\d{1,30}$/, 'Ungültige Abrechnungs-ID'),
});
