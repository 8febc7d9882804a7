import type { Db } from '../connection';

/** Installed: a row that was not uninstalled since. Webhooks of any other shop are dropped at the door. */
export async function isInstalled(db: Db, shopId: string): Promise<boolean> {
  return Boolean(await db('shops').where({ id: shopId }).whereNull('uninstalled_at').first('id'));
}

export async function setWebhookCallbackUrl(db: Db, shopId: string, url: string): Promise<void> {
  await db('shops').where({ id: shopId }).update({ webhook_callback_url: url });
}

/** Installed shops with a token whose own subscriptions were registered for another callback URL (or never). */
export async function shopsWithStaleWebhooks(db: Db, url: string): Promise<Array<{ id: string; tokenEnc: string }>> {
  const rows = await db('shops')
    .whereNull('uninstalled_at')
    .whereNotNull('shopify_token_enc')
    .whereRaw('webhook_callback_url is distinct from ?', [url])
    .select<Array<{ id: string; shopify_token_enc: string }>>('id', 'shopify_token_enc');
  return rows.map((r) => ({ id: r.id, tokenEnc: r.shopify_token_enc }));
}
