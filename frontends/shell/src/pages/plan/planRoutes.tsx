import type { Shop } from '@belegfluss/frontend-kit';
import { PlanPage } from './PlanPage';
import { PurchasePage } from './PurchasePage';

/** `/plan`, `/plan/{planId}` and `/plan/purchase/{feature}`. */
export function planRoute(pathname: string, shop: Shop) {
  const [, , first, second] = pathname.split('/');
  if (first === 'purchase') return <PurchasePage shop={shop} feature={second ?? ''} />;
  return <PlanPage key={first ?? ''} shop={shop} planId={first} />;
}
