import { z } from 'zod';
import { couponPlans, PARTNER_COUPON, PARTNER_COUPON_MIN_TRANSFERS, PLANS, type PlanId } from '../plans';

const dateTime = z.iso.datetime({ offset: true, error: 'Datum und Uhrzeit im ISO-Format, z. B. 2026-12-01T22:00:00Z' });

/** Maintenance windows: 'warning' shows the banner, 'active' the full-page screen. */
export const DowntimeBody = z
  .strictObject({
    status: z.enum(['warning', 'active'], { error: 'Status ist warning oder active' }),
    message: z
      .string({ error: 'Bitte gib eine Nachricht ein' })
      .trim()
      .min(1, 'Bitte gib eine Nachricht ein')
      .max(500, 'Maximal 500 Zeichen'),
    startsAt: dateTime,
    endsAt: dateTime.nullable().default(null),
  })
  .refine((d) => !d.endsAt || d.endsAt > d.startsAt, {
    message: 'Das Ende muss nach dem Beginn liegen',
    path: ['endsAt'],
  });
export const DowntimePatchBody = z.strictObject({
  status: z.enum(['warning', 'active'], { error: 'Status ist warning oder active' }).optional(),
  message: z.string().trim().min(1, 'Bitte gib eine Nachricht ein').max(500, 'Maximal 500 Zeichen').optional(),
  startsAt: dateTime.optional(),
  endsAt: dateTime.nullable().optional(),
});

export const ShopDomainParam = z.string().regex(/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/, 'Ungültige Shop-Domain');

export const ADMIN_COUPON_MESSAGES = {
  code: 'Der Code hat 4 bis 30 Zeichen: Großbuchstaben, Ziffern und Bindestriche, am Anfang und Ende ein Buchstabe oder eine Ziffer',
  type: 'Rabattart ist percent (Prozent) oder amount (Betrag in Euro)',
  value: 'Bitte gib einen Rabatt größer als 0 ein',
  percent: 'Ein Prozentrabatt ist höchstens 100',
  intervals: 'Die Laufzeit ist eine ganze Zahl von 1 bis 36 Abrechnungszeiträumen',
  plan: 'Unbekannter Tarif',
  comment: 'Maximal 200 Zeichen',
  expiresAt: 'Ablaufdatum im Format JJJJ-MM-TT, in der Zukunft',
  partnerPlans: `PARTNER gilt nur für Tarife mit mehr als ${PARTNER_COUPON_MIN_TRANSFERS.toLocaleString('de-DE')} Übertragungen`,
  exists: 'Diesen Code gibt es schon',
  created: 'Coupon erstellt',
} as const;

const planIds = PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];

/**
 * A coupon the operator makes for every shop (no partner behind it): the PARTNER code is narrowed to the plans its
 * rule allows, and refused if none of the chosen plans is one of them.
 */
export const AdminCouponBody = z
  .strictObject({
    code: z
      .string({ error: ADMIN_COUPON_MESSAGES.code })
      .transform((s) => s.trim().toUpperCase().replace(/ /g, '-'))
      .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9-]{2,28}[A-Z0-9]$/, ADMIN_COUPON_MESSAGES.code)),
    type: z.enum(['percent', 'amount'], { error: ADMIN_COUPON_MESSAGES.type }),
    value: z.number({ error: ADMIN_COUPON_MESSAGES.value }).positive(ADMIN_COUPON_MESSAGES.value).max(10_000),
    intervals: z
      .number({ error: ADMIN_COUPON_MESSAGES.intervals })
      .int(ADMIN_COUPON_MESSAGES.intervals)
      .min(1, ADMIN_COUPON_MESSAGES.intervals)
      .max(36, ADMIN_COUPON_MESSAGES.intervals)
      .default(1),
    plans: z.array(z.enum(planIds, { error: ADMIN_COUPON_MESSAGES.plan })).default([]),
    comment: z.string().trim().max(200, ADMIN_COUPON_MESSAGES.comment).default(''),
    expiresAt: z.iso.date({ error: ADMIN_COUPON_MESSAGES.expiresAt }).nullable().default(null),
  })
  .refine((c) => c.type !== 'percent' || c.value <= 100, { message: ADMIN_COUPON_MESSAGES.percent, path: ['value'] })
  .refine((c) => !c.expiresAt || c.expiresAt >= new Date().toISOString().slice(0, 10), {
    message: ADMIN_COUPON_MESSAGES.expiresAt,
    path: ['expiresAt'],
  })
  .refine((c) => c.code !== PARTNER_COUPON || couponPlans(c.code, c.plans).length > 0, {
    message: ADMIN_COUPON_MESSAGES.partnerPlans,
    path: ['plans'],
  })
  .transform((c) => ({
    ...c,
    plans: c.code === PARTNER_COUPON ? couponPlans(c.code, c.plans) : [...new Set(c.plans)],
  }));
export type AdminCouponRequest = z.infer<typeof AdminCouponBody>;
