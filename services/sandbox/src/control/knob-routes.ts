import Router from '@koa/router';
import { z } from 'zod';
import type { Sandbox } from '../sandbox.js';
import { PUBLISHED_NULLS } from '../shopify/webhook-payload.js';
import { defaultKnobs } from '../state.js';
import { body } from './validate.js';

const rate = z.number().min(0).max(1);
const Knobs = z
  .object({
    shopify: z
      .object({
        duplicateRate: rate,
        outOfOrder: z.boolean(),
        graphqlCostLimit: z.number().int().positive(),
        graphqlRestoreRate: z.number().positive(),
        bulkHold: z.boolean(),
        publishedNulls: z.array(z.enum(PUBLISHED_NULLS)),
      })
      .partial(),
    lexware: z
      .object({
        rate429: rate,
        rate500: rate,
        rate504: rate,
        write504: z.boolean(),
        latencyMs: z.number().int().min(0).max(60_000),
        latencyAfterWriteMs: z.number().int().min(0).max(60_000),
        failNext: z.array(z.union([z.literal(429), z.literal(500), z.literal(504)])),
        failNextWrite: z.array(z.union([z.literal(429), z.literal(500), z.literal(504)])),
        rateLimitPerSecond: z.number().min(0),
        tokenTtlSeconds: z.number().int().positive(),
      })
      .partial(),
  })
  .partial();

/** Fault and behaviour knobs; PUT merges, DELETE goes back to the defaults. */
export function knobRoutes(sb: Sandbox): Router {
  const router = new Router({ prefix: '/control/knobs' });
  router.get('/', (ctx) => {
    ctx.body = sb.state.knobs;
  });
  router.put('/', async (ctx) => {
    const input = await body(ctx, Knobs);
    sb.state.knobs.shopify = { ...sb.state.knobs.shopify, ...input.shopify };
    sb.state.knobs.lexware = { ...sb.state.knobs.lexware, ...input.lexware };
    if (input.lexware?.rateLimitPerSecond !== undefined) sb.buckets.reset();
    ctx.body = sb.state.knobs;
  });
  router.delete('/', (ctx) => {
    sb.state.knobs = defaultKnobs();
    sb.buckets.reset();
    ctx.body = sb.state.knobs;
  });
  return router;
}
