import { z } from 'zod';
import { PARTNER_COUPON_MESSAGES, PARTNER_COUPON_TYPES, REDEMPTION_STATUSES } from '@belegfluss/shared';
import { single } from '../../http';

/** PATCH /api/partner/preferences: its schema lives in @belegfluss/shared, where the partner page's form checks it too. */
export { PartnerPreferencesBody } from '@belegfluss/shared';

/** The payout answers; the payout id's among them. */
export const PAYOUT_MESSAGES = {
  NO_GATEWAY: 'Bitte hinterlege zuerst deine Auszahlungsdaten in den Partner-Einstellungen.',
  BELOW_THRESHOLD: (amount: number, threshold: number) =>
    `Auszahlungen sind ab ${threshold} € möglich; freigegeben sind ${amount.toFixed(2).replace('.', ',')} €.`,
  notFound: 'Diese Auszahlung gibt es nicht.',
} as const;

export const PayoutId = z.uuid({ error: PAYOUT_MESSAGES.notFound });

/** 4 to 30 characters; capital letters, digits and hyphens; starts and ends with a letter or digit. */
export const PartnerCouponCode = z
  .string({ error: PARTNER_COUPON_MESSAGES.COUPON_INVALID })
  .regex(/^[A-Z0-9][A-Z0-9-]{2,28}[A-Z0-9]$/, PARTNER_COUPON_MESSAGES.COUPON_INVALID);

const typeIds = PARTNER_COUPON_TYPES.map((t) => t.id) as [string, ...string[]];
export const PartnerCouponBody = z.strictObject(
  {
    type: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : v),
      z.enum(typeIds, { error: PARTNER_COUPON_MESSAGES.TYPE_NOT_FOUND }),
    ),
  },
  { error: PARTNER_COUPON_MESSAGES.TYPE_NOT_FOUND },
);

export const RedemptionListQuery = z.object({
  sort: z.preprocess(
    single,
    z
      .enum(['newest', 'oldest', 'provision'], { error: 'Sortierung ist newest, oldest oder provision' })
      .default('newest'),
  ),
  tab: z.preprocess(single, z.enum(['all', ...REDEMPTION_STATUSES], { error: 'Unbekannter Status' }).default('all')),
  search: z.preprocess(single, z.string().trim().max(100, 'Maximal 100 Zeichen').optional()),
});
