import { z } from 'zod';

const dateTime = z.iso.datetime({ offset: true, error: 'Datum und Uhrzeit im ISO-Format, z. B. 2026-12-01T22:00:00Z' });

/** Maintenance windows (spec 1 §4): 'warning' shows the banner, 'active' the full-page screen. */
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
/** Workflow ids are business ids: order:{shop}:{orderId}, import:{shop}:{date}. */
export const WorkflowIdParam = z
  .string()
  .regex(/^(order|import):[a-z0-9][a-z0-9-]*\.myshopify\.com:[0-9-]{1,30}$/, 'Ungültige Workflow-ID');
export const IdParam = z.coerce
  .number({ error: 'Ungültige ID' })
  .int('Ungültige ID')
  .min(1, 'Ungültige ID')
  .max(Number.MAX_SAFE_INTEGER, 'Ungültige ID');
