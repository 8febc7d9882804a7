import type { Client } from '@temporalio/client';
import {
  installedShopIds,
  pruneExpiredDocumentFiles,
  pruneExpiredLogs,
  purgeExpiredOauthStates,
  settleRedemptions,
  type Db,
} from '@belegfluss/db';
import type { DocumentFileLimits } from '@belegfluss/shared/settings';
import { ensureBillingWorkflow } from '../client';

export interface HousekeepingResult {
  logsDeleted: number;
  oauthStatesDeleted: number;
  documentFilesDeleted: number;
  billingStarted: number;
  redemptions: { verified: number; declined: number };
}

/**
 * The daily job (issue 13 §4): retention by plan, expired OAuth states, kept document files past their age,
 * a billing workflow for every installed shop, and redemptions decided once their lock period is over
 * (spec 3 §4), so the partner sees verified or declined before the payout run.
 */
export function createHousekeepingActivities({
  db,
  temporal,
  taskQueue,
  documentFiles,
}: {
  db: Db;
  temporal: Client;
  taskQueue: string;
  documentFiles: DocumentFileLimits;
}) {
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
