import { latestVatIdCheck, saveVatIdCheck, type Db } from '@belegfluss/db';
import type { VatIdCheck } from '@belegfluss/shared';
import { checkVatId as askVies } from '@belegfluss/shared/vies';
import { DEV_DEFAULTS } from '@belegfluss/shared/config';
import type { ActivityDeps, ViesDeps } from './deps';
import { createNotifier, type VatIdNotice } from './notify';

export type { ViesDeps } from './deps';

export interface VatIdCheckResult {
  check: VatIdCheck;
  /** When VIES could not answer: how long the order waits before it asks again. */
  retryMs: number;
}

/**
 * Asks VIES about the buyer's USt-IdNr. (or takes a confirmation of the last day) and keeps the answer with the
 * customer. Never throws for VIES being down: the order workflow waits on its own durable timer instead, so a
 * long outage holds no activity open and the order's other steps go on.
 */
export async function checkVatIdActivity(
  db: Db,
  vies: ViesDeps,
  shopId: string,
  vatId: string,
  requester: string | null,
  customer: { email: string | null; orderId: string | null },
): Promise<VatIdCheckResult> {
  const check = await askVies(vatId, {
    baseUrl: vies.url,
    requester,
    store: {
      latest: async (id) => {
        const row = await latestVatIdCheck(db, shopId, id);
        return row && { ...row, cached: false, refusal: row.refusal ?? undefined };
      },
      save: (evidence) => saveVatIdCheck(db, shopId, evidence, customer),
    },
  });
  return { check, retryMs: vies.retrySeconds * 1000 };
}

/** The buyer's VAT ID before a tax-free invoice: VIES's answer, and telling the merchant when it is not confirmed. */
export function createVatIdActivities(deps: Pick<ActivityDeps, 'db' | 'mail' | 'vies'>) {
  const { db, vies = { url: DEV_DEFAULTS.viesUrl, retrySeconds: 900 } } = deps;
  const notifier = createNotifier(db, deps.mail);
  return {
    /** VIES's answer on the buyer's USt-IdNr., kept with the customer. */
    checkVatId: (
      shopId: string,
      vatId: string,
      requester: string | null,
      customer: { email: string | null; orderId: string | null },
    ) => checkVatIdActivity(db, vies, shopId, vatId, requester, customer),

    /** Tells the merchant that an order's USt-IdNr. could not be confirmed (once per order and ID). */
    tellVatIdUnconfirmed: (shopId: string, facts: VatIdNotice) => notifier.vatIdUnconfirmed(shopId, facts),
  };
}
