import {
  getShop,
  hasTransfers,
  markResumed,
  saveCurrentPeriodEnd,
  syncBillingPeriod,
  waitingDocuments,
  writeLog,
} from '@belegfluss/db';
import { ADMIN_DOCUMENTS } from '@belegfluss/shopify';
import { shopifyOf } from './clients';
import { signalOrder } from '@belegfluss/orchestration/client';
import { RESUME_TOPIC } from '../api';
import type { ActivityDeps } from './deps';

export type BillingDeps = Pick<ActivityDeps, 'db' | 'box' | 'shopify' | 'temporal' | 'taskQueue'>;

export interface PeriodResult {
  start: string;
  end: string;
  rolled: boolean;
  active: boolean;
}

type Installation = {
  currentAppInstallation: { activeSubscriptions: { id: string; status: string; currentPeriodEnd: string | null }[] };
};

/** The message the order's log shows when it goes on by itself. */
export const RESUMED_TEXT = 'Übertragungen wieder verfügbar – die Bestellung wird fortgesetzt';

/**
 * The billing workflow's activities. `now` is always the workflow's clock, so a time-skipping
 * test can let months pass while the database's own clock stands still.
 */
export function createBillingActivities({ db, box, shopify, temporal, taskQueue }: BillingDeps) {
  /** Shopify's word on the paid plan's cycle (`currentPeriodEnd`); kept as it was when Shopify can't be asked. */
  async function refreshPeriodEnd(shopId: string): Promise<void> {
    const shop = await getShop(db, shopId);
    if (!shop || shop.planId === 'free') return saveCurrentPeriodEnd(db, shopId, null);
    try {
      const { graphql } = await shopifyOf(db, box, shopify, shopId);
      const subs = (await graphql<Installation>(ADMIN_DOCUMENTS.SubscriptionPeriods)).currentAppInstallation
        .activeSubscriptions;
      const end = subs.find((s) => s.status === 'ACTIVE' && s.currentPeriodEnd)?.currentPeriodEnd;
      if (end) await saveCurrentPeriodEnd(db, shopId, new Date(end));
    } catch (error) {
      // The last known end carries forward by whole cycles (billingPeriod), so the quota never stalls.
      console.warn(`currentPeriodEnd für ${shopId} nicht gelesen: ${(error as Error).message}`);
    }
  }

  return {
    async syncPeriod(shopId: string, nowIso: string, force: boolean): Promise<PeriodResult> {
      if (!(await getShop(db, shopId))) return { start: nowIso, end: nowIso, rolled: false, active: false };
      await refreshPeriodEnd(shopId);
      const p = await syncBillingPeriod(db, shopId, new Date(nowIso), { force });
      if (p.rolled) {
        await writeLog(db, {
          shopId,
          origin: 'shop',
          event: 'credits.reset',
          status: 'info',
          body: {
            message: 'Neuer Abrechnungszeitraum: die Übertragungen stehen wieder voll zur Verfügung',
            periodStart: p.start.toISOString(),
            resetAt: p.end.toISOString(),
          },
        });
      }
      return { start: p.start.toISOString(), end: p.end.toISOString(), rolled: p.rolled, active: p.active };
    },

    /**
     * Hands waiting orders back to their workflows, oldest first, one per free transfer. The
     * event carries the order's last snapshot, so an order whose workflow ended meanwhile
     * starts again with everything it needs; its document intent makes a second document impossible.
     */
    async resumeWaitingOrders(shopId: string, periodStart: string): Promise<number> {
      const credits = await hasTransfers(db, shopId);
      const waiting = await waitingDocuments(db, shopId, credits.quota - credits.used);
      for (const doc of waiting) {
        await writeLog(db, {
          shopId,
          origin: doc.type === 'credit' ? 'credit' : 'invoice',
          event: `${doc.type}.resumed`,
          status: 'info',
          orderId: doc.orderId,
          orderName: doc.orderName,
          body: { message: RESUMED_TEXT, waitingSince: doc.waitingSince.toISOString() },
        });
        await signalOrder(
          temporal,
          taskQueue,
          { shopId, orderId: doc.orderId, orderName: doc.orderName },
          {
            shopify: {
              topic: RESUME_TOPIC,
              webhookId: `resume:${doc.documentId}:${periodStart}`,
              order: doc.snapshot as never,
              // A workflow that ended while the order waited starts anew from this event alone.
              ...(doc.wizardImport ? { origin: 'import' as const } : {}),
            },
          },
        );
        await markResumed(db, doc.documentId);
      }
      return waiting.length;
    },
  };
}

export type BillingActivities = ReturnType<typeof createBillingActivities>;
