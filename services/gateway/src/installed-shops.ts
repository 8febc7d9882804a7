import { isInstalled, type Db } from '@belegfluss/db';

/**
 * Which shops have the app installed, as the webhook route asks it for every order event. A burst of
 * webhooks comes from few shops, so an installed shop is remembered for a few seconds: one query per
 * shop instead of one per webhook, and concurrent misses share their query. Only "installed" is
 * remembered; a shop that is not is asked again each time, so an install counts at once. An uninstall
 * handled here is forgotten at once; one handled by another gateway counts after at most `ttlMs` (the
 * worker already copes with an order of a shop that uninstalled while it ran).
 */
export function createInstalledShops(db: Db, ttlMs = 5_000) {
  const until = new Map<string, number>();
  const asking = new Map<string, Promise<boolean>>();
  return {
    async has(shopId: string): Promise<boolean> {
      const now = Date.now();
      if ((until.get(shopId) ?? 0) > now) return true;
      let answer = asking.get(shopId);
      if (!answer) {
        answer = isInstalled(db, shopId).finally(() => asking.delete(shopId));
        asking.set(shopId, answer);
      }
      const installed = await answer;
      if (!installed) until.delete(shopId);
      else {
        if (until.size >= 10_000) for (const [id, t] of until) if (t <= now) until.delete(id);
        until.set(shopId, Date.now() + ttlMs);
      }
      return installed;
    },
    forget(shopId: string): void {
      until.delete(shopId);
    },
  };
}

export type InstalledShops = ReturnType<typeof createInstalledShops>;
