import { ApplicationFailure, heartbeat } from '@temporalio/activity';
import { forgetContact, getShop, writeLog, type Db } from '@belegfluss/db';
import { LexwareError, type LexwareClient, type LexwareDeps } from '@belegfluss/lexware';
import type { ShopifyOrder } from '@belegfluss/shared';
import { lexwareOf } from './clients';
import type { ActivityDeps } from './deps';
import type { OrderRef } from './documents';
import { createNotifier } from './notify';

export type LexwareOrigin = 'invoice' | 'credit' | 'delivery' | 'contact' | 'transaction';

/** 4xx answers other than 409 and 429 won't get better by retrying: fail the step, say why. */
function rethrow(error: unknown): never {
  if (
    error instanceof LexwareError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429 &&
    error.status !== 409
  ) {
    throw ApplicationFailure.create({
      type: 'LEXWARE_REJECTED',
      message: error.message,
      details: [error.status, LexwareError.describe(error.body)],
      nonRetryable: true,
    });
  }
  throw error;
}

/**
 * How the order's activities reach Lexware: clients whose lost connection mails the merchant, and the
 * wrapper every Lexware step runs in (heartbeats, one log entry for a refusal, refusals made non-retryable).
 */
export function lexwareAccess({
  db,
  box,
  lexware: given,
  mail,
}: Pick<ActivityDeps, 'db' | 'box' | 'lexware' | 'mail'>) {
  const notifier = createNotifier(db, mail);
  const lexware: LexwareDeps = { ...given, onConnectionLost: notifier.connectionLost };
  const client = (shopId: string): LexwareClient => lexwareOf(db, box, lexware, shopId);
  /**
   * An order from before the installation comes from the historical import: its Lexware calls
   * give way to live orders, which share the same 2 requests/s (live orders first).
   */
  const clientFor = async (shopId: string, order: ShopifyOrder, installedAt?: string): Promise<LexwareClient> => {
    // A caller that has read the shop's context already knows the installation: no second read of the shop.
    const installed = installedAt !== undefined ? Date.parse(installedAt) : (await getShop(db, shopId))?.installedAt;
    const background = installed !== undefined && Date.parse(order.created_at) < installed.valueOf();
    return lexwareOf(db, box, lexware, shopId, { background });
  };

  /** Runs a Lexware step; a failure is logged once with Lexware's own message, then rethrown. */
  async function step<T>(shopId: string, order: OrderRef, origin: LexwareOrigin, run: () => Promise<T>): Promise<T> {
    // Heartbeats let Temporal notice a dead worker within the heartbeat timeout, while a
    // long wait for a rate-limit slot is still fine.
    const beat = setInterval(() => heartbeat(), 2_000);
    try {
      return await run();
    } catch (error) {
      if (error instanceof LexwareError && !error.retryable && !error.ambiguous) {
        await writeLog(db, {
          shopId,
          origin,
          event: `${origin}.failed`,
          status: 'critical',
          orderId: String(order.id),
          orderName: order.name,
          body: {
            service: 'lexoffice',
            status: error.status,
            message: LexwareError.describe(error.body),
            stack: error.stack,
          },
        });
      }
      return rethrow(error);
    } finally {
      clearInterval(beat);
    }
  }

  return { notifier, lexware, client, clientFor, step };
}

/** A refused document may name a contact merged or removed in Lexware: the next attempt searches again. */
export async function forgetRejectedContact(
  db: Db,
  shopId: string,
  contactId: string | null,
  error: unknown,
): Promise<never> {
  if (contactId && error instanceof ApplicationFailure && error.type === 'LEXWARE_REJECTED')
    await forgetContact(db, shopId, contactId);
  throw error;
}
