import Router from '@koa/router';
import { verify } from 'node:crypto';
import type { Context } from 'koa';
import { documentsByLexwareId, writeLog, deleteRevokedConnection } from '@belegfluss/db';
import { signalOrder } from '@belegfluss/orchestration/client';
import type { GatewayContext } from '../../context';
import { MB, readRawBody } from '../../http';
import { EventBody } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'webhooks.lexware.check': "Lexware's check of the callback URL",
  'webhooks.lexware': 'Lexware events (X-Lxo-Signature) signalled to the order workflow',
});

/** Events that change what the order workflow knows about one of its documents. */
const DOCUMENT_EVENTS = new Set(['payment.changed', 'invoice.status.changed', 'credit-note.status.changed']);

const reply = (ctx: Context, status: number, error: string, message: string) => {
  ctx.status = status;
  ctx.body = { error, message };
};

/**
 * Lexware's event callbacks. The RSA-SHA512 signature over the raw body is checked
 * first. Lexware retries 401, 429 and 5xx, so a signal that fails answers 503 and the
 * event comes again; an event for a document we don't know is answered 200 and dropped.
 */
export function lexwareEventRoutes(gw: GatewayContext): Router {
  const router = new Router();

  // Lexware checks the callback URL with a HEAD before it accepts a subscription.
  router.head('webhooks.lexware.check', '/webhooks/lexoffice', (ctx) => {
    ctx.status = 200;
  });

  router.post('webhooks.lexware', '/webhooks/lexoffice', async (ctx) => {
    const raw = await readRawBody(ctx, MB);
    const key = await gw.lexwareEventKey().catch((err: unknown) => {
      gw.log.warn({ err }, 'Lexware event key could not be loaded');
      return undefined;
    });
    if (!key) return reply(ctx, 503, 'NOT_CONFIGURED', 'Der Schlüssel für Lexware-Ereignisse ist nicht eingerichtet.');
    const signature = ctx.get('x-lxo-signature');
    let valid = false;
    try {
      valid = signature !== '' && verify('RSA-SHA512', raw, key, Buffer.from(signature, 'base64'));
    } catch {
      valid = false;
    }
    if (!valid) return reply(ctx, 401, 'UNAUTHORIZED', 'Ungültige Signatur des Lexware-Ereignisses');
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      return reply(ctx, 400, 'INVALID_JSON', 'Das Ereignis enthält kein gültiges JSON');
    }
    const event = EventBody.safeParse(parsed);
    if (!event.success)
      return reply(ctx, 400, 'VALIDATION', 'Dem Ereignis fehlen organizationId, eventType, resourceId oder eventDate');
    const { organizationId, eventType, resourceId, eventDate } = event.data;

    if (eventType === 'token.revoked') {
      // The merchant cut the connection in Lexware: forget the tokens (resourceId is the connectionId).
      const gone = await deleteRevokedConnection(gw.db, resourceId, organizationId);
      for (const shopId of gone) {
        await writeLog(gw.db, {
          shopId,
          origin: 'lexoffice',
          event: 'lexoffice.disconnected',
          status: 'warning',
          body: { reason: 'token.revoked' },
        });
      }
      ctx.body = { ok: true, disconnected: gone.length };
      return;
    }
    if (!DOCUMENT_EVENTS.has(eventType)) {
      ctx.body = { ok: true, ignored: true };
      return;
    }
    const documents = await documentsByLexwareId(gw.db, resourceId, organizationId);
    try {
      for (const doc of documents) {
        await signalOrder(gw.temporal, gw.settings.taskQueue, doc, { lexware: { eventType, resourceId, eventDate } });
      }
    } catch (err) {
      gw.log.warn({ err, eventType, resourceId }, 'Lexware event could not be signalled; Lexware will retry');
      return reply(ctx, 503, 'UNAVAILABLE', 'Das Ereignis konnte nicht weitergegeben werden; bitte erneut senden.');
    }
    ctx.body = { ok: true, signalled: documents.length };
  });
  return router;
}
