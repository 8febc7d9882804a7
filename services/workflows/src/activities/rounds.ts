import { ApplicationFailure, log as activityLog } from '@temporalio/activity';
import type { LogEntryInput, WebhookStatus } from '@belegfluss/db';
import { loadShopContext as readShopContext, settleRound, ShopNotInstalledError, upsertOrder } from '@belegfluss/db';
import type { ShopifyOrder } from '@belegfluss/shared';
import { loadShopContext, type ShopContext } from './context';
import type { ActivityDeps } from './deps';
import { noteWithheldFeatures } from './plan';

/** The order workflow's own database steps: a round's start and end, and the shop's context. */
export function createRoundActivities({ db }: Pick<ActivityDeps, 'db'>) {
  /**
   * The order's row and the shop's context, from one read of the shop: a shop that never installed the app (or
   * removed it) has no row to hang the order on. Retrying can't change that, so the activity ends at once and
   * says so in the worker's log.
   */
  async function recordOrder(shopId: string, order: ShopifyOrder): Promise<ShopContext> {
    let ctx: ShopContext;
    try {
      ctx = await readShopContext(db, shopId, { installedOnly: true });
    } catch (error) {
      if (!(error instanceof ShopNotInstalledError)) throw error;
      activityLog.warn('Order for a shop without the app installed', {
        shopId,
        orderId: order.id,
        orderName: order.name,
      });
      throw ApplicationFailure.nonRetryable(
        `Der Shop ${shopId} hat die App nicht installiert; Bestellung ${order.name} wird nicht verarbeitet.`,
        'NOT_INSTALLED',
      );
    }
    await upsertOrder(db, shopId, order);
    await noteWithheldFeatures(db, shopId, order, ctx.plan);
    return ctx;
  }

  return {
    loadShopContext: (shopId: string): Promise<ShopContext> => loadShopContext(db, shopId),

    /**
     * A round's database steps at its start, in one local activity: the order's newest snapshot
     * recorded (when the round has one) and the shop's context read.
     */
    async beginRound(shopId: string, order: ShopifyOrder | null): Promise<ShopContext> {
      return order ? recordOrder(shopId, order) : loadShopContext(db, shopId);
    },

    /** …and at its end: the decisions the round logged, and its deliveries settled, in one transaction. */
    async endRound(logs: LogEntryInput[], webhookIds: string[], status: WebhookStatus): Promise<void> {
      await settleRound(db, logs, webhookIds, status);
    },
  };
}
