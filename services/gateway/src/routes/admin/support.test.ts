import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderWorkflowId } from '@belegfluss/orchestration/api';
import { seedOrder, startHarness, type Harness } from '../../../test/harness';
import { WORKFLOW_MESSAGES } from './workflows';
import { STAFF_MESSAGES } from '@belegfluss/shared';
import { readStaff } from '@belegfluss/shared/settings';
import { eventLogTable } from '@belegfluss/db/testing';

let h: Harness;
const ADMIN = 'support-admin.myshopify.com';
const SHOP = 'support-kunde.myshopify.com';
const OTHER = 'support-andere.myshopify.com';
/** The desk's staff users: 21 is support, 22 the operator (who alone ends workflows). */
const SUPPORT = { shop: ADMIN, userId: '21' };
const OPERATOR = { shop: ADMIN, userId: '22' };

beforeAll(async () => {
  h = await startHarness({
    options: {
      temporalUiUrl: 'http://ui.test',
      staff: readStaff({ SUPPORT_STAFF: `${ADMIN}:21`, OPERATOR_STAFF: `${ADMIN}:22` }),
    },
  });
  await h.install(ADMIN);
  await h.install(SHOP);
  await h.install(OTHER);
  await seedOrder(h.db, SHOP, { id: 7001, name: '#7001' });
}, 60_000);
afterAll(async () => h?.stop());

/** Temporal's visibility store catches up shortly after a start; wait for it, without timing anything. */
async function listed(shop: string, count: number) {
  for (;;) {
    const res = await h.call(SUPPORT, 'GET', `/api/admin/shops/${shop}/workflows`);
    if (res.status !== 200 || res.body.items.length >= count) return res;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("admin: a shop's workflows", () => {
  const id = orderWorkflowId(SHOP, 7001);

  it('support restarts an order workflow from the stored snapshot and lists it with Temporal UI links; the operator terminates it', async () => {
    const restarted = await h.call(
      SUPPORT,
      'POST',
      `/api/admin/shops/${SHOP}/workflows/${encodeURIComponent(id)}/restart`,
    );
    expect(restarted).toMatchObject({ status: 200, body: { workflowId: id, status: 'RUNNING' } });
    expect(restarted.body.url).toBe(
      `http://ui.test/namespaces/default/workflows/${encodeURIComponent(id)}/${restarted.body.runId}/history`,
    );

    const list = await listed(SHOP, 1);
    expect(list.body.items).toEqual([
      expect.objectContaining({ workflowId: id, type: 'orderWorkflow', status: 'RUNNING', orderName: '#7001' }),
    ]);
    expect(list.body.url).toBe(
      `http://ui.test/namespaces/default/workflows?query=${encodeURIComponent(`ShopDomain="${SHOP}"`)}`,
    );
    expect((await listed(OTHER, 0)).body.items).toEqual([]);

    const path = `/api/admin/shops/${SHOP}/workflows/${encodeURIComponent(id)}/terminate`;
    expect(await h.call(SUPPORT, 'POST', path, { reason: 'Test' })).toMatchObject({
      status: 403,
      body: { message: STAFF_MESSAGES.operatorOnly },
    });
    expect((await h.temporal.client.workflow.getHandle(id).describe()).status.name).toBe('RUNNING');
    const terminated = await h.call(OPERATOR, 'POST', path, { reason: 'Test' });
    expect(terminated).toMatchObject({ status: 200, body: { status: 'TERMINATED' } });
    expect((await h.temporal.client.workflow.getHandle(id).describe()).status.name).toBe('TERMINATED');
    const audit = await eventLogTable.select(
      h.db,
      ['body'],
      { shopId: SHOP, event: 'admin.action' },
      { orderBy: 'id' },
    );
    expect(
      audit.map((a: { body: Record<string, unknown> }) => [a.body.action, a.body.adminUser, a.body.adminRole]),
    ).toEqual([
      ['workflow.restart', '21', 'support'],
      ['workflow.terminate', '22', 'operator'],
    ]);
    expect(await h.call(OPERATOR, 'POST', path, {})).toMatchObject({
      status: 409,
      body: { message: WORKFLOW_MESSAGES.closed },
    });
    // A restart after termination starts a new run.
    const again = await h.call(SUPPORT, 'POST', `/api/admin/shops/${SHOP}/workflows/${encodeURIComponent(id)}/restart`);
    expect(again.body.runId).not.toBe(restarted.body.runId);
    await h.temporal.client.workflow.getHandle(id).terminate('Testende');
  });

  it("refuses other shops' workflows, unknown orders and non-admins", async () => {
    const foreign = orderWorkflowId(OTHER, 7001);
    expect(
      await h.call(OPERATOR, 'POST', `/api/admin/shops/${SHOP}/workflows/${encodeURIComponent(foreign)}/terminate`, {}),
    ).toMatchObject({ status: 404, body: { message: WORKFLOW_MESSAGES.notOfShop } });
    expect(
      await h.call(
        SUPPORT,
        'POST',
        `/api/admin/shops/${SHOP}/workflows/${encodeURIComponent(orderWorkflowId(SHOP, 9))}/restart`,
      ),
    ).toMatchObject({ status: 409, body: { message: WORKFLOW_MESSAGES.noSnapshot } });
    expect(await h.call(SUPPORT, 'GET', '/api/admin/shops/gibt-es-nicht.myshopify.com/workflows')).toMatchObject({
      status: 404,
    });
    expect(await h.call(SUPPORT, 'GET', '/api/admin/shops/kaputt/workflows')).toMatchObject({
      status: 400,
      body: { message: 'Ungültige Shop-Domain' },
    });
    expect((await h.call(SHOP, 'GET', `/api/admin/shops/${SHOP}/workflows`)).status).toBe(403);
    expect(
      (await h.call(SHOP, 'POST', `/api/admin/shops/${SHOP}/workflows/${encodeURIComponent(id)}/restart`)).status,
    ).toBe(403);
  });
});

describe('admin: downtimes', () => {
  it('creates, changes and deletes maintenance windows; shops see them in GET /api/shop', async () => {
    const created = await h.call(SUPPORT, 'POST', '/api/admin/downtimes', {
      status: 'warning',
      message: 'Wartung heute Nacht',
      startsAt: '2026-12-01T22:00:00Z',
      endsAt: '2099-12-01T23:00:00Z',
    });
    expect(created).toMatchObject({
      status: 201,
      body: { status: 'warning', message: 'Wartung heute Nacht', startsAt: '2026-12-01T22:00:00.000Z' },
    });
    expect((await h.call(SHOP, 'GET', '/api/shop')).body.downtimes).toEqual([
      {
        status: 'warning',
        message: 'Wartung heute Nacht',
        startsAt: '2026-12-01T22:00:00.000Z',
        endsAt: '2099-12-01T23:00:00.000Z',
      },
    ]);

    const changed = await h.call(SUPPORT, 'PATCH', `/api/admin/downtimes/${created.body.id}`, { status: 'active' });
    expect(changed).toMatchObject({ status: 200, body: { status: 'active', message: 'Wartung heute Nacht' } });
    expect(
      await h.call(SUPPORT, 'PATCH', `/api/admin/downtimes/${created.body.id}`, { endsAt: '2020-01-01T00:00:00Z' }),
    ).toMatchObject({ status: 400, body: { field: 'endsAt' } });
    expect((await h.call(SUPPORT, 'GET', '/api/admin/downtimes')).body.items).toHaveLength(1);

    expect(
      await h.call(SUPPORT, 'POST', '/api/admin/downtimes', { status: 'aus', message: '', startsAt: 'morgen' }),
    ).toMatchObject({ status: 400, body: { field: 'status' } });
    expect(
      await h.call(SUPPORT, 'POST', '/api/admin/downtimes', {
        status: 'warning',
        message: 'x',
        startsAt: '2026-12-01T22:00:00Z',
        endsAt: '2026-12-01T21:00:00Z',
      }),
    ).toMatchObject({ status: 400, body: { field: 'endsAt', message: 'Das Ende muss nach dem Beginn liegen' } });
    expect(
      (
        await h.call(SHOP, 'POST', '/api/admin/downtimes', {
          status: 'warning',
          message: 'x',
          startsAt: '2026-12-01T22:00:00Z',
        })
      ).status,
    ).toBe(403);
    expect((await h.call(SHOP, 'DELETE', `/api/admin/downtimes/${created.body.id}`)).status).toBe(403);

    expect(await h.call(SUPPORT, 'DELETE', `/api/admin/downtimes/${created.body.id}`)).toMatchObject({
      status: 200,
      body: { deleted: 1 },
    });
    expect((await h.call(SUPPORT, 'DELETE', `/api/admin/downtimes/${created.body.id}`)).status).toBe(404);
    expect((await h.call(SHOP, 'GET', '/api/shop')).body.downtimes).toEqual([]);
  });
});
