import { Context, heartbeat } from '@temporalio/activity';
import type { Db } from '@belegfluss/db';
import {
  claimOrderImport,
  earlierImportRunning,
  finishImportRange,
  finishOrderImport,
  importRunStore,
  recordImportPage,
  recordImportRangeDays,
  upsertOrder,
} from '@belegfluss/db';
import { germanDayBounds } from '@belegfluss/shared';
import type { ShopifyOrder } from '@belegfluss/shared';
import {
  bulkOrdersQuery,
  ordersFromBulkWithRefunds,
  readBulkResult,
  startBulkQuery,
  type BulkOperationStatus,
} from '@belegfluss/shopify';
import { settleEndedImports, settleShopImports } from '@belegfluss/orchestration/imports';
import type { Client } from '@temporalio/client';
import { DocumentStatusKey, liveTaskQueue, ShopDomainKey } from '../api';
import { signalOrder } from '@belegfluss/orchestration/client';
import { shopifyOf } from './clients';
import { assertImportAllowed } from './plan';
import type { ActivityDeps } from './deps';

/** Orders of a shop handed over but not through their first round yet (see handOver). */
export const IN_FLIGHT = 40;
/** The longest an order waits for room: order workflows stuck in their first round never stall the import. */
const ROOM_WAIT_MS = 120_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits until fewer than IN_FLIGHT of the shop's order workflows started since `since` (the
 * ones this hand-over started, and live orders meanwhile) run without a DocumentStatus: the
 * attribute each sets at the end of its first round (invoiced, a skip reason, waiting).
 * Visibility lags a little; the bound need not be exact.
 */
async function roomInFlight(client: Client, shopId: string, since: Date): Promise<void> {
  const query = `WorkflowType = 'orderWorkflow' AND ExecutionStatus = 'Running' AND ${ShopDomainKey.name} = '${shopId}' AND ${DocumentStatusKey.name} IS NULL AND StartTime >= '${since.toISOString()}'`;
  const until = Date.now() + ROOM_WAIT_MS;
  while (Date.now() < until && (await client.workflow.count(query)).count >= IN_FLIGHT) await sleep(1000);
}

/**
 * Stores each order and hands it to its own workflow (signalOrder, like a webhook), marked
 * historical unless told otherwise. With `bounded`, no more than IN_FLIGHT of the shop's orders wait for their first
 * round at a time: Lexware makes about one invoice a second, and orders handed over faster only
 * queue up as activity tasks ahead of the live orders' tasks, which must come first. A retry
 * resumes after the last order its heartbeat reported (`from`); `reached` hears of each order handed over.
 */
export async function handOver(
  db: Db,
  shopId: string,
  orders: ShopifyOrder[],
  importId: string,
  opts: {
    bounded?: boolean;
    from?: number;
    reached?: (n: number) => unknown;
    /** Which import brought the orders: the order workflow judges them by it (historical by default). */
    origin?: 'historical' | 'import';
    /** Asked before each IN_FLIGHT orders; throws to stop the hand-over (a plan without the import). */
    stillAllowed?: () => Promise<void>;
  } = {},
): Promise<void> {
  const { client, info } = Context.current();
  const since = new Date();
  for (let i = opts.from ?? 0; i < orders.length; i++) {
    const order = orders[i]!;
    if (opts.stillAllowed && (i - (opts.from ?? 0)) % IN_FLIGHT === 0) await opts.stillAllowed();
    if (opts.bounded) await roomInFlight(client, shopId, since);
    await upsertOrder(db, shopId, order);
    // The import runs on the background queue; the order's own workflow belongs on the live one.
    await signalOrder(
      client,
      liveTaskQueue(info.taskQueue),
      { shopId, orderId: order.id, orderName: order.name },
      {
        shopify: {
          topic: 'orders/import',
          webhookId: `${importId}:${order.id}`,
          order,
          origin: opts.origin ?? 'historical',
        },
      },
    );
    await opts.reached?.(i + 1);
  }
}

/**
 * The paid historical import's steps for one German calendar day: its orders through one bulk export,
 * each stored and handed to its own workflow (signalOrder, like a webhook) marked historical. An order
 * handed over twice changes nothing: the order workflow keeps each document once.
 */
export function createImportActivities({ db, box, shopify }: Pick<ActivityDeps, 'db' | 'box' | 'shopify'>) {
  return {
    /**
     * The day's orders as one Shopify bulk export: it costs one mutation where reading them in
     * pages costs 150 query points an order, which at Shopify's 100 points/s restore rate would
     * read fewer orders a second than Lexware's 2 requests/s can make invoices for.
     */
    async startDayExport(shopId: string, day: string): Promise<BulkOperationStatus> {
      const { from, to } = germanDayBounds(day);
      return startBulkQuery((await shopifyOf(db, box, shopify, shopId)).graphql, bulkOrdersQuery(from, to));
    },

    /** Hands the exported day over, each refunded order with its refunds, as fast as Lexware takes them; counted once however often it runs. */
    async handOverDayExport(shopId: string, day: string, url: string | null, importId: string): Promise<number> {
      // Beats on a clock from the start (reading the export may take a while on a busy host too), with the orders handed over so far.
      let handed = Number(Context.current().info.heartbeatDetails ?? 0);
      const beat = setInterval(() => heartbeat(handed), 2_000);
      try {
        const graphql = (await shopifyOf(db, box, shopify, shopId)).graphql;
        const orders = url ? await ordersFromBulkWithRefunds(graphql, await readBulkResult(url)) : [];
        // Counted first, so the dialog shows the day's orders while their invoices are made.
        await recordImportPage(db, shopId, day, { affected: orders.length, after: null, next: null });
        // A downgrade to a plan without the import stops the day at its next batch, with the log's reason.
        await handOver(db, shopId, orders, importId, {
          bounded: true,
          from: handed,
          reached: (n) => (handed = n),
          stillAllowed: () => assertImportAllowed(db, shopId, day),
        });
        return orders.length;
      } finally {
        clearInterval(beat);
      }
    },

    /**
     * True when no day of the shop started earlier is still being read. A day ahead whose run
     * ended from outside (terminated by hand, cancelled) is recorded as such and holds up nothing.
     */
    async importDayInTurn(shopId: string, day: string): Promise<boolean> {
      for (;;) {
        const ahead = await earlierImportRunning(db, shopId, day);
        if (!ahead) return true;
        if (!(await settleEndedImports(importRunStore(db), Context.current().client, [ahead]))) return false;
      }
    },

    async finishImport(shopId: string, since: string, status: 'completed' | 'failed'): Promise<void> {
      await finishOrderImport(db, shopId, since, status);
    },

    /**
     * A range's day claimed as the single-day start claims it: false when the day is imported or
     * importing already (the range passes it over). A run of the day ended by hand no longer counts.
     */
    async claimImportDay(shopId: string, day: string, workflowId: string): Promise<boolean> {
      await settleShopImports(importRunStore(db), Context.current().client, shopId, [day]);
      return claimOrderImport(db, shopId, day, workflowId);
    },

    async recordImportRange(workflowId: string, daysDone: number): Promise<void> {
      await recordImportRangeDays(db, workflowId, daysDone);
    },

    async finishImportRange(workflowId: string, status: 'completed' | 'stopped'): Promise<void> {
      await finishImportRange(db, workflowId, status);
    },
  };
}
