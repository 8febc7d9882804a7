import { expect } from 'vitest';
import { merchant } from './merchant';
import type { Stack } from './stack';
import { shopsTable, transferLedgerTable } from '@belegfluss/db/testing';

/** Approves a plan change on Shopify's confirmation page and follows the return to the gateway. */
export async function subscribe(stack: Stack, shop: string, plan: string) {
  const { confirmationUrl } = await merchant(stack, shop).api<{ confirmationUrl: string }>('/api/plan', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ plan, annual: false }),
  });
  const approved = await fetch(confirmationUrl, {
    method: 'POST',
    body: new URLSearchParams({ decision: 'approve' }),
    redirect: 'manual',
  });
  expect((await fetch(approved.headers.get('location')!, { redirect: 'manual' })).status).toBe(302);
}

/** Transfers charged in the shop's current period, written the way a charge writes them. */
export async function spend(stack: Stack, shop: string, n: number) {
  const { transfersPeriodStart: start } = await shopsTable.one(stack.db, { id: shop });
  await transferLedgerTable.insert(
    stack.db,
    Array.from({ length: n }, () => ({ shopId: shop, delta: -1, reason: 'document', periodStart: start })),
  );
}
