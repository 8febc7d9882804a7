import { missingScopes, type Shop } from '@belegfluss/frontend-kit';
import { PLANS, type PurchasableFeature } from '@belegfluss/shared';

/**
 * Spec 1 §4: the four states of the feature lock, and `open` when nothing
 * blocks. `feature`: the plan does not include it (upgrade); `purchase`: a
 * one-time unlock at a numeric price; `scopes`: Shopify permissions missing.
 */
export type FeatureLockState =
  | { kind: 'loading' }
  | { kind: 'feature' }
  | { kind: 'purchase'; price: number }
  | { kind: 'scopes'; missing: string[] }
  | { kind: 'open' };

/** What each lockable feature needs beyond the plan. */
export const LOCKED_FEATURES: Record<PurchasableFeature, { title: string; scopes: string[] }> = {
  orderImport: { title: 'Import älterer Bestellungen', scopes: ['read_all_orders'] },
};

export function featureLockState(shop: Shop | undefined, feature: PurchasableFeature): FeatureLockState {
  if (!shop) return { kind: 'loading' };
  const price = PLANS.find((plan) => plan.id === shop.plan.id)?.importPrice ?? null;
  if (price === null) return { kind: 'feature' };
  // A purchase counts only on a paid plan: on free the feature is locked again.
  const purchased = (shop.plan.purchase ?? []).includes(feature);
  if (!purchased) return { kind: 'purchase', price };
  const missing = missingScopes(shop, LOCKED_FEATURES[feature].scopes);
  if (missing.length > 0) return { kind: 'scopes', missing };
  return { kind: 'open' };
}
