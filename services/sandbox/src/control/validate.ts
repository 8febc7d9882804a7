import type { Context, Next } from 'koa';
import { z } from 'zod';
import { readJson } from '../http/body.js';

export class ControlError extends Error {
  constructor(
    public status: number,
    message: string,
    public details?: unknown,
  ) {
    super(message);
  }
}

/** Parses a control request body with zod; a bad body is a 400 with German text and the zod issues. */
export async function body<T extends z.ZodType>(ctx: Context, schema: T): Promise<z.infer<T>> {
  const raw = (await readJson(ctx)) ?? {};
  const result = schema.safeParse(raw);
  if (!result.success) throw new ControlError(400, 'Ungültige Eingabe', z.treeifyError(result.error));
  return result.data;
}

export function query<T extends z.ZodType>(ctx: Context, schema: T): z.infer<T> {
  const result = schema.safeParse(ctx.query);
  if (!result.success) throw new ControlError(400, 'Ungültige Parameter', z.treeifyError(result.error));
  return result.data;
}

/** Maps domain errors to one JSON shape: {error, details?}. */
export function controlErrors(map: Array<[new (...args: never[]) => Error, number]>) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (err) {
      if (err instanceof ControlError) {
        ctx.status = err.status;
        ctx.body = { error: err.message, details: err.details };
        return;
      }
      const hit = map.find(([cls]) => err instanceof cls);
      if (!hit) throw err;
      ctx.status = hit[1];
      ctx.body = { error: (err as Error).message };
    }
  };
}

/** The shell fetches session tokens from the browser, so the control API answers any origin. */
export async function cors(ctx: Context, next: Next): Promise<void> {
  ctx.set('Access-Control-Allow-Origin', ctx.get('origin') || '*');
  ctx.set('Access-Control-Allow-Methods', 'GET,POST,PUT,DELETE,OPTIONS');
  ctx.set('Access-Control-Allow-Headers', 'Content-Type, Authorization');
  ctx.set('Vary', 'Origin');
  if (ctx.method === 'OPTIONS') {
    ctx.status = 204;
    return;
  }
  await next();
}
