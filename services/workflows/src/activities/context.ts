import { ApplicationFailure } from '@temporalio/activity';
import { loadShopContext as readShopContext, ShopNotInstalledError, type Db, type ShopContext } from '@belegfluss/db';

export type { ShopContext } from '@belegfluss/db';

/** The shop's context for an activity; a shop without the app ends the order (non-retryable NOT_INSTALLED). */
export async function loadShopContext(db: Db, shopId: string): Promise<ShopContext> {
  try {
    return await readShopContext(db, shopId);
  } catch (error) {
    if (error instanceof ShopNotInstalledError) throw ApplicationFailure.nonRetryable(error.message, 'NOT_INSTALLED');
    throw error;
  }
}
