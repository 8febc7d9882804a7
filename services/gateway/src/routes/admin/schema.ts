import { z } from 'zod';
import { ShopDomainParam } from '@belegfluss/shared';
import { page, search, single } from '../../http';

/**
 * The coupon and maintenance-window bodies, and the shop domain, live in @belegfluss/shared: the admin area's
 * forms check them too.
 */
export { AdminCouponBody, DowntimeBody, DowntimePatchBody, ShopDomainParam } from '@belegfluss/shared';

/** GET /api/admin/shops */
export const ShopListQuery = z.object({
  search,
  page,
  pageSize: z.preprocess(
    single,
    z.coerce.number().int().min(1, 'Mindestens 1 Eintrag').max(200, 'Höchstens 200 Einträge je Seite').default(50),
  ),
});

/** Workflow ids are business ids: order:{shop}:{orderId}, import:{shop}:{date}. */
export const WorkflowIdParam = z
  .string()
  .regex(/^(order|import):[a-z0-9][a-z0-9-]*\.myshopify\.com:[0-9-]{1,30}$/, 'Ungültige Workflow-ID');

/** POST /api/admin/shops/{shop}/workflows/{id}/terminate */
export const TerminateBody = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, 'Bitte gib einen Grund an')
    .max(300, 'Maximal 300 Zeichen')
    .default('Vom Support beendet'),
});

/** PATCH and DELETE /api/admin/downtimes/{id} */
export const IdParam = z.coerce
  .number({ error: 'Ungültige ID' })
  .int('Ungültige ID')
  .min(1, 'Ungültige ID')
  .max(Number.MAX_SAFE_INTEGER, 'Ungültige ID');

/** The payout runs' answers; the run id's among them. */
export const PAYOUT_RUN_MESSAGES = {
  notFound: 'Diesen Auszahlungslauf gibt es nicht.',
  noFile: 'Dieser Lauf hat keine SEPA-Datei.',
  alreadyConfirmed: 'Die Ausführung dieser SEPA-Datei wurde bereits bestätigt.',
  confirmed: 'Ausführung bestätigt: die Banküberweisungen sind ausgezahlt.',
} as const;

export const RunId = z.uuid({ error: PAYOUT_RUN_MESSAGES.notFound });

export const ConfirmBody = z.strictObject({
  executed: z.literal(true, { error: 'Bitte bestätige, dass die Bank die Datei ausgeführt hat.' }),
});

/** GET /api/admin/help-requests */
export const HelpListQuery = z.object({
  shop: z.preprocess(single, ShopDomainParam.optional()),
  page,
  pageSize: z.preprocess(
    single,
    z.coerce.number().int().min(1, 'Mindestens 1 Eintrag').max(100, 'Höchstens 100 Einträge je Seite').default(25),
  ),
});

/** Permissions are `name_sub` entries; the partner's allowance is a share of the first period's price. */
export const SupportSettingsPatch = z
  .object({
    permissions: z
      .array(
        z.string().regex(/^[a-z]+_[a-z]+$/, 'Berechtigungen haben die Form name_unterbereich, z. B. view_dashboard'),
      )
      .max(20, 'Höchstens 20 Berechtigungen')
      .optional(),
    partner: z.boolean({ error: 'Partner ist an oder aus' }).optional(),
    allowance: z
      .number({ error: 'Der Anteil ist eine Zahl zwischen 0 und 1' })
      .min(0, 'Der Anteil ist eine Zahl zwischen 0 und 1')
      .max(1, 'Der Anteil ist eine Zahl zwischen 0 und 1')
      .optional(),
  })
  .strict();
