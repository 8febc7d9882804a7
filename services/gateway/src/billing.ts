import { nudgeBilling } from '@belegfluss/orchestration/client';
import type { GatewayContext } from './context';

/**
 * Tells the shop's billing workflow that its plan, Shopify's cycle or its bought import changed,
 * so the period follows and waiting orders resume at once. Best effort: when Temporal is away,
 * the workflow still catches up at its next wake and the daily housekeeping starts a missing one.
 */
export async function nudge(
  gw: Pick<GatewayContext, 'temporal' | 'settings' | 'log'>,
  shopId: string,
  reason: string,
): Promise<void> {
  await nudgeBilling(gw.temporal, gw.settings.taskQueue, shopId, reason).catch((err: unknown) =>
    gw.log.warn({ err, shop: shopId, reason }, 'billing workflow not signalled'),
  );
}
