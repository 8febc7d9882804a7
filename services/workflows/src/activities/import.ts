import { Context } from '@temporalio/activity';
import type { Db, SecretBox } from '@belegfluss/db';
import { earlierImportRunning, finishOrderImport, getShop, recordImportPage, upsertOrder } from '@belegfluss/db';
import { germanDayBounds } from '@belegfluss/shared';
import { orderPage } from './shopify-orders';
import { createAdminClient, type AdminClient } from '@belegfluss/shopify';
import { signalOrder } from '@belegfluss/orchestration/client';
import type { ShopifyDeps } from './paid';

/** The shop's Admin GraphQL client, from its sealed token. */
export async function adminClientFor(db: Db, box: SecretBox, shopify: ShopifyDeps, shopId: string): Promise<AdminClient> {
  const shop = await getShop(db, shopId);
  if (!shop?.shopifyTokenEnc) throw new Error(`Shop ${shopId} has no Shopify token`);
  return createAdminClient({ adminUrl: shopify.adminUrl, apiVersion: shopify.apiVersion, shop: shopId, accessToken: box.open(shop.shopifyTokenEnc) });
}

/**
 * The paid historical import's steps: one activity a page of one German calendar day, so a
 * retry repeats one page only; each order is stored and handed to its own workflow
 * (signalWithStart, like a webhook) marked historical. A page handed over twice changes
 * nothing: the order workflow keeps each document once.
 */
export function createImportActivities({ db, box, shopify }: { db: Db; box: SecretBox; shopify: ShopifyDeps }) {
  return {
    async importOrderPage(shopId: string, day: string, after: string | null, importId: string): Promise<{ affected: number; next: string | null }> {
      const graphql = await adminClientFor(db, box, shopify, shopId);
      const page = await orderPage(graphql, germanDayBounds(day), after);
      const { client, info } = Context.current();
      for (const order of page.orders) {
        await upsertOrder(db, shopId, order);
        await signalOrder(client, info.taskQueue, { shopId, orderId: order.id, orderName: order.name }, {
          shopify: { topic: 'orders/import', webhookId: `${importId}:${order.id}`, order, origin: 'historical' },
        });
      }
      await recordImportPage(db, shopId, day, { affected: page.orders.length, after, next: page.next });
      return { affected: page.orders.length, next: page.next };
    },

    /** True when no day of the shop started earlier is still being read. */
    async importDayInTurn(shopId: string, day: string): Promise<boolean> {
      return !(await earlierImportRunning(db, shopId, day));
    },

    async finishImport(shopId: string, since: string, status: 'completed' | 'failed'): Promise<void> {
      await finishOrderImport(db, shopId, since, status);
    },
  };
}
