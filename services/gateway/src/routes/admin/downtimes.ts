import type Router from '@koa/router';
import { createDowntime, deleteDowntime, listDowntimes, updateDowntime } from '@belegfluss/db';
import type { GatewayContext } from '../../context';
import { BadRequest, NotFound } from '../../errors';
import { body } from '../../http';
import { sessionOf } from '../../middleware/session';
import { auditAdminAction } from './support-desk';
import { DowntimeBody, DowntimePatchBody, IdParam } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'admin.downtimes': 'Maintenance windows (shown in GET /api/shop)',
  'admin.downtime.create': 'Announce one',
  'admin.downtime.patch': 'Change one',
  'admin.downtime.delete': 'Remove one',
});

const NOT_FOUND = 'Diese Wartung gibt es nicht.';
const idOf = (raw: string | undefined) => {
  const parsed = IdParam.safeParse(raw);
  if (!parsed.success) throw NotFound(NOT_FOUND);
  return parsed.data;
};

/** Maintenance windows: they show in every shop's `GET /api/shop` as `downtimes` (banner or full page). */
export function downtimeRoutes(gw: GatewayContext, admin: Router): void {
  admin.get('admin.downtimes', '/downtimes', async (ctx) => {
    ctx.body = { items: await listDowntimes(gw.db) };
  });

  admin.post('admin.downtime.create', '/downtimes', async (ctx) => {
    const req = await body(ctx, DowntimeBody);
    ctx.status = 201;
    ctx.body = await createDowntime(gw.db, req);
    // Downtimes concern every shop; the acting admin's own log keeps the record.
    await auditAdminAction(gw, ctx, sessionOf(ctx).shop, 'downtime.create', { downtime: ctx.body });
  });

  admin.patch('admin.downtime.patch', '/downtimes/:id', async (ctx) => {
    const id = idOf(ctx.params.id);
    const req = await body(ctx, DowntimePatchBody);
    const result = await updateDowntime(gw.db, id, req);
    if (result === 'NOT_FOUND') throw NotFound(NOT_FOUND);
    if (result === 'ENDS_BEFORE_START') throw BadRequest('Das Ende muss nach dem Beginn liegen', 'endsAt');
    ctx.body = result;
    await auditAdminAction(gw, ctx, sessionOf(ctx).shop, 'downtime.update', { id, change: req });
  });

  admin.delete('admin.downtime.delete', '/downtimes/:id', async (ctx) => {
    const id = idOf(ctx.params.id);
    if (!(await deleteDowntime(gw.db, id))) throw NotFound(NOT_FOUND);
    await auditAdminAction(gw, ctx, sessionOf(ctx).shop, 'downtime.delete', { id });
    ctx.body = { deleted: 1 };
  });
}
