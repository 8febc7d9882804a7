import type Router from '@koa/router';
import { gatewayOrderCounts, getShop, preferenceSections } from '@belegfluss/db';
import {
  gatewayEnabled,
  gatewayLabel,
  PAYMENT_GATEWAYS,
  readStoredSection,
  UNSELECTABLE_GATEWAYS,
} from '@belegfluss/shared';
import type { GatewayContext } from '../../context';
import { NotFound } from '../../errors';
import { sessionOf } from '../../middleware/session';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'transactions.gateways':
    'Payment gateways with order count and switch; saving is PATCH /api/preferences/transactions',
});

export interface GatewayEntry {
  id: string;
  name: string;
  orderCount: number;
  enabled: boolean;
  selectable: boolean;
}

/**
 * The gateways of the transactions page: the known ones and every one seen in the
 * shop's orders, with their order count from our own snapshots and whether their payments are booked.
 */
export async function listGateways(gw: GatewayContext, shopId: string): Promise<GatewayEntry[]> {
  if (!(await getShop(gw.db, shopId))) throw NotFound('Dieser Shop ist nicht installiert.');
  const [counts, stored] = await Promise.all([
    gatewayOrderCounts(gw.db, shopId),
    preferenceSections(gw.db, shopId, ['transactions']),
  ]);
  const prefs = readStoredSection('transactions', stored.transactions);
  const ids = [
    ...new Set<string>([...PAYMENT_GATEWAYS, ...Object.keys(counts), ...Object.keys(prefs.transactionGateway)]),
  ];
  return ids
    .map((id) => ({
      id,
      name: gatewayLabel(id),
      orderCount: counts[id] ?? 0,
      enabled: gatewayEnabled(prefs.transactionGateway, id),
      selectable: !(UNSELECTABLE_GATEWAYS as readonly string[]).includes(id),
    }))
    .sort((a, b) => b.orderCount - a.orderCount || a.name.localeCompare(b.name, 'de'));
}

export function transactionRoutes(gw: GatewayContext, api: Router): void {
  api.get('transactions.gateways', '/api/transactions/gateways', async (ctx) => {
    ctx.body = { gateways: await listGateways(gw, sessionOf(ctx).shop) };
  });
}
