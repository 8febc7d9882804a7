import { isUnder, type Shop } from '@belegfluss/frontend-kit';

type Downtime = Shop['downtimes'][number];

/** The full-page maintenance screen never covers these paths or their subpaths. */
export const MAINTENANCE_EXEMPT = ['/help', '/apps', '/plan', '/admin'] as const;

export function isMaintenanceExempt(pathname: string): boolean {
  return pathname === '/' || MAINTENANCE_EXEMPT.some((base) => isUnder(pathname, base));
}

/** 'active' shows the full page, 'warning' the info banner. */
export function downtimeOf(shop: Pick<Shop, 'downtimes'>, status: Downtime['status']): Downtime | undefined {
  return (shop.downtimes ?? []).find((downtime) => downtime.status === status);
}
