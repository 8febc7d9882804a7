import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { origin, readJson } from '../http/body.js';
import { lexwareTime } from '../time.js';
import { newerError, notAllowed, notNull, validationFailed } from './errors.js';
import { EVENT_TYPES } from './events.js';
import { lex } from './middleware.js';
import type { EventSubscription } from './types.js';

/** Lexware checks a callback URL with a HEAD request before it accepts the subscription. */
async function callbackReachable(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5000) });
    return res.status < 400;
  } catch {
    return false;
  }
}

const json = (s: EventSubscription) => ({
  subscriptionId: s.subscriptionId,
  organizationId: s.organizationId,
  createdDate: s.createdDate,
  eventType: s.eventType,
  callbackUrl: s.callbackUrl,
});

export function subscriptionsRouter(): Router {
  const router = new Router({ prefix: '/event-subscriptions' });

  router.post('/', async (ctx) => {
    const { org } = lex(ctx);
    const body = ((await readJson(ctx)) ?? {}) as { eventType?: string; callbackUrl?: string };
    const details = [];
    if (!body.eventType) details.push(notNull('eventType'));
    else if (!(EVENT_TYPES as readonly string[]).includes(body.eventType))
      details.push(notAllowed('eventType', 'Unbekannter Ereignistyp'));
    if (!body.callbackUrl) details.push(notNull('callbackUrl'));
    if (details.length) return validationFailed(ctx, details);
    const duplicate = Object.values(org.subscriptions).some(
      (s) => s.eventType === body.eventType && s.callbackUrl === body.callbackUrl,
    );
    if (duplicate) return newerError(ctx, 409, 'Für diesen Ereignistyp und diese URL gibt es schon ein Abonnement');
    if (!(await callbackReachable(body.callbackUrl as string)))
      return validationFailed(ctx, [notAllowed('callbackUrl', 'Die Callback-URL ist nicht erreichbar')]);
    const now = lexwareTime();
    const sub: EventSubscription = {
      subscriptionId: randomUUID(),
      organizationId: org.id,
      eventType: body.eventType as string,
      callbackUrl: body.callbackUrl as string,
      createdDate: now,
    };
    org.subscriptions[sub.subscriptionId] = sub;
    const uri = `${origin(ctx)}/v1/event-subscriptions/${sub.subscriptionId}`;
    ctx.status = 201;
    ctx.set('Location', uri);
    ctx.body = { id: sub.subscriptionId, resourceUri: uri, createdDate: now, updatedDate: now, version: 0 };
  });

  router.get('/', (ctx) => {
    ctx.body = { content: Object.values(lex(ctx).org.subscriptions).map(json) };
  });

  router.get('/:id', (ctx) => {
    const sub = lex(ctx).org.subscriptions[ctx.params.id ?? ''];
    if (!sub) return newerError(ctx, 404, 'Not Found');
    ctx.body = json(sub);
  });

  router.delete('/:id', (ctx) => {
    const { org } = lex(ctx);
    if (!org.subscriptions[ctx.params.id ?? '']) return newerError(ctx, 404, 'Not Found');
    delete org.subscriptions[ctx.params.id ?? ''];
    ctx.status = 204;
  });

  return router;
}
