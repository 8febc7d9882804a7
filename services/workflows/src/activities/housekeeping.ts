import {
  installedShopIds,
  pruneExpiredDocumentFiles,
  pruneExpiredLogs,
  purgeExpiredOauthStates,
  settleRedemptions,
} from '@belegfluss/db';
import { ensureBillingWorkflow } from '../client';
import type { ActivityDeps } from './deps';

export interface HousekeepingResult {
  logsDeleted: number;
  oauthStatesDeleted: number;
  documentFilesDeleted: number;
  billingStarted: number;
  redemptions: { verified: number; declined: number };
}

/**
 * The daily job, because each of these ages by the calendar and none has an event of its own to hang on:
 * log entries past the plan's retention, expired OAuth states, kept document files past their age, a
 * billing workflow for every installed shop (one lost at a restart comes back within a day), and coupon
 * redemptions decided once their lock period is over, so the partner sees verified or declined before
 * the monthly payout run reads them.
 */
export function createHousekeepingActivities({
  db,
  temporal,
  taskQueue,
  documentFiles,
}: Pick<ActivityDeps, 'db' | 'temporal' | 'taskQueue' | 'documentFiles'>) {
  return {
    async housekeeping(nowIso: string): Promise<HousekeepingResult> {
      const now = new Date(nowIso);
      const logsDeleted = await pruneExpiredLogs(db, now);
      const oauthStatesDeleted = await purgeExpiredOauthStates(db, now);
      const documentFilesDeleted = await pruneExpiredDocumentFiles(db, now, documentFiles.maxAgeDays);
      const redemptions = await settleRedemptions(db, now);
      let billingStarted = 0;
      for (const shopId of await installedShopIds(db))
        if (await ensureBillingWorkflow(temporal, taskQueue, shopId)) billingStarted++;
      return { logsDeleted, oauthStatesDeleted, documentFilesDeleted, billingStarted, redemptions };
    },
  };
}
export type HousekeepingActivities = ReturnType<typeof createHousekeepingActivities>;
