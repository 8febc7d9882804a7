/**
 * Records the order fixtures of `packages/shared`'s tests: real Shopify order JSON from the sandbox's own
 * order builder, and Lexware's totals from the sandbox's own arithmetic. The shared package replays the
 * recording (`packages/shared/src/domain/fixtures/sandbox-orders.json`) and never imports the sandbox;
 * `npm run record-fixtures -w @belegfluss/sandbox` runs its tests with this module loaded to record anew.
 * Ids and dates are fixed, so every run records the same JSON.
 */
import { buildOrder } from '../shopify/orders/builder';
import { fulfil, markPaid } from '../shopify/orders/lifecycle';
import { applyRefund, type RefundRequest } from '../shopify/orders/refund';
import { SCENARIOS, type Scenario, type ScenarioName } from '../shopify/orders/scenarios';
import type { ShopState } from '../state';
import { computeTotals } from '../lexware/invoices/totals';

export const scenarioNames = (): string[] => Object.keys(SCENARIOS);

export interface FixtureOptions {
  createdAt?: string;
  paid?: boolean;
  fulfilledAt?: string;
  refunds?: Array<RefundRequest & { at?: string }>;
  scenario?: Partial<Scenario>;
}

/** The order as the sandbox sends it, bookkeeping stripped. */
export function orderJson(name: string, o: FixtureOptions = {}): Record<string, unknown> {
  let id = 5_600_000_000_000;
  const nextId = () => (id += 17);
  const shop = {
    domain: 'belegfluss-test.myshopify.com',
    currency: 'EUR',
    nextOrderNumber: 1001,
    customers: {},
    orders: {},
  } as unknown as ShopState;
  const scenario: Scenario = { ...SCENARIOS[name as ScenarioName], ...o.scenario };
  const createdAt = new Date(o.createdAt ?? '2026-11-20T10:15:00Z');
  const raw = buildOrder(shop, scenario, nextId, createdAt);
  raw.confirmation_number = 'FIXTURE01';
  raw.token = 'f'.repeat(32);
  if (o.paid ?? scenario.paid) markPaid(raw, nextId, createdAt);
  if (scenario.refund) {
    const mode = scenario.refund === 'full' ? 'full' : scenario.refund === 'amount_only' ? 'amount' : 'items';
    applyRefund(raw, { mode, amount: 10 }, nextId, new Date(createdAt.getTime() + 3_600_000));
  }
  if (o.fulfilledAt) fulfil(raw, nextId, new Date(o.fulfilledAt));
  for (const r of o.refunds ?? []) applyRefund(raw, r, nextId, new Date(r.at ?? createdAt.getTime() + 7_200_000));
  return JSON.parse(JSON.stringify({ ...raw, _transactions: undefined })) as Record<string, unknown>;
}

/** Lexware's gross total of a document as the sandbox computes it, in cents. */
export function totalGrossCents(doc: Record<string, unknown>): number {
  return Math.round(computeTotals(doc).totalGross * 100);
}
