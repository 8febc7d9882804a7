import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

/** Last line of defence: a sandbox bug answers 500 with the message instead of hanging a test. */
export function errorHandler(log: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (err) {
      const status = (err as { status?: number }).status ?? 500;
      if (status >= 500) log.error({ err, path: ctx.path }, 'sandbox error');
      ctx.status = status;
      ctx.body = { message: err instanceof Error ? err.message : String(err) };
    }
  };
}
