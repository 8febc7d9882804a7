import type { Client } from '@temporalio/client';
import {
  installedShopIds,
  pruneExpiredLogs,
  purgeExpiredOauthStates,
  settleRedemptions,
  type Db,
} from '@belegfluss/db';
import { ensureBillingWorkflow } from '../client';

export interface HousekeepingResult {
  logsDeleted: number;
  oauthStatesDeleted: number;
  billingStarted: number;
  redemptions: { verified: number; declined: number };
}

/**
 * The daily job (issue 13 §4): retention by plan, expired OAuth states, a billing workflow for
 * every installed shop, and redemptions decided once their lock period is over (spec 3 §4), so the
 * partner sees verified or declined before the payout run.
 */
export function createHousekeepingActivities({
  db,
  temporal,
  taskQueue,
}: {
  db: Db;
  temporal: Client;
  taskQueue: string;
}) {
  return {
    async housekeeping(nowIso: string): Promise<HousekeepingResult> {
      const now = new Date(nowIso);
      const logsDeleted = await pruneExpiredLogs(db, now);
      const oauthStatesDeleted = await purgeExpiredOauthStates(db, now);
      const redemptions = await settleRedemptions(db, now);
      let billingStarted = 0;
      for (const shopId of await installedShopIds(db))
        if (await ensureBillingWorkflow(temporal, taskQueue, shopId)) billingStarted++;
      return { logsDeleted, oauthStatesDeleted, billingStarted, redemptions };
    },
  };
}
export type HousekeepingActivities = ReturnType<typeof createHousekeepingActivities>;
