import type Router from '@koa/router';
import { z } from 'zod';
import { writeLog } from '@belegfluss/db';
import type { GatewayContext } from '../context';
import { body } from '../http';
import { requireInstalled } from '../middleware/permissions';
import { sessionOf } from '../middleware/session';

const ContactBody = z.object({
  subject: z.string({ error: 'Pflichtfeld' }).trim().min(1, 'Pflichtfeld').max(200, 'Maximal 200 Zeichen'),
  message: z.string({ error: 'Pflichtfeld' }).trim().min(1, 'Pflichtfeld').max(5000, 'Maximal 5000 Zeichen'),
});

/** The help contact form: the request lands in the shop's log, where support reads it (admin area). */
export function helpRoutes(gw: GatewayContext, api: Router): void {
  api.post('/api/help/contact', requireInstalled(gw), async (ctx) => {
    const { shop, userId } = sessionOf(ctx);
    const input = await body(ctx, ContactBody);
    await writeLog(gw.db, { shopId: shop, origin: 'shop', event: 'help.contact', status: 'info', body: { ...input, userId } });
    gw.log.info({ shop, subject: input.subject }, 'help contact request');
    ctx.status = 201;
    ctx.body = { received: true };
  });
}
