import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLog } from '@belegfluss/db';
import { startHarness, type Harness } from '../../../test/harness';
import { HELP_MESSAGES } from '../help/help';
import { eventLogTable } from '@belegfluss/db/testing';
import { readStaff } from '@belegfluss/shared/settings';

/**
 * Help requests reach support by e-mail (SUPPORT_EMAIL, through the default sender) and in the
 * admin area; support reads a shop's log with stack traces, the operator changes its permissions and
 * partner flag, and every such action lands in the shop's log with the acting person.
 */
let h: Harness;
const ADMIN = 'desk-admin.myshopify.com';
const SHOP = 'desk-kunde.myshopify.com';
/** The desk's staff users: 11 is support, 12 the operator. */
const SUPPORT = { shop: ADMIN, userId: '11' };
const OPERATOR = { shop: ADMIN, userId: '12' };
const control = (path: string, init: RequestInit = {}) =>
  fetch(`${h.sandbox!.urls.control}${path}`, { ...init, headers: { 'Content-Type': 'application/json' } });
type Caught = { id: string; subject: string; text?: string; replyTo?: string; envelope: { to: string[] } };

beforeAll(async () => {
  h = await startHarness({
    sandbox: true,
    smtp: true,
    options: {
      supportEmail: 'hilfe@belegfluss.test',
      staff: readStaff({ SUPPORT_STAFF: `${ADMIN}:11`, OPERATOR_STAFF: `${ADMIN}:12=Olga Betrieb` }),
    },
  });
  await h.install(ADMIN);
  await h.install(SHOP, { email: 'inhaber@desk-kunde.de' });
  await control('/control/mail', { method: 'DELETE' });
  await control('/control/mail/settings', { method: 'PUT', body: JSON.stringify({ auth: null }) });
}, 60_000);
afterAll(async () => h?.stop());

describe('help requests', () => {
  it('mails the request to SUPPORT_EMAIL with the shop as Reply-To and lists it for support', async () => {
    const res = await h.call(SHOP, 'POST', '/api/help/contact', {
      subject: 'Rechnung fehlt',
      message: 'Zu #1001 gibt es keine Rechnung.',
    });
    expect(res).toMatchObject({ status: 201, body: { received: true, mailed: true, message: HELP_MESSAGES.sent } });
    const mails = (await (await control('/control/mail')).json()) as Caught[];
    expect(mails).toHaveLength(1);
    expect(mails[0]!.envelope.to).toEqual(['hilfe@belegfluss.test']);
    expect(mails[0]!.subject).toBe(`Supportanfrage von ${SHOP}: Rechnung fehlt`);

    const list = await h.call(SUPPORT, 'GET', '/api/admin/help-requests');
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({
      shopId: SHOP,
      subject: 'Rechnung fehlt',
      message: 'Zu #1001 gibt es keine Rechnung.',
      replyTo: 'inhaber@desk-kunde.de',
      mailStatus: 'sent',
    });
    // Not pruned with the log: the request stays after the log entry is gone.
    await eventLogTable.remove(h.db, { shopId: SHOP });
    expect((await h.call(SUPPORT, 'GET', `/api/admin/help-requests?shop=${SHOP}`)).body.items).toHaveLength(1);
    expect((await h.call(SHOP, 'GET', '/api/admin/help-requests')).status).toBe(403);
  });
});

describe('a shop in the admin area', () => {
  it('shows its log with stack traces to support', async () => {
    await writeLog(h.db, {
      shopId: SHOP,
      origin: 'invoice',
      event: 'invoice.failed',
      status: 'critical',
      body: { message: 'kaputt', stack: 'Error: kaputt\n    at x' },
    });
    const res = await h.call(SUPPORT, 'GET', `/api/admin/shops/${SHOP}/logs?status=critical`);
    expect(res.body.items[0]).toMatchObject({
      event: 'invoice.failed',
      stack: 'Error: kaputt\n    at x',
      body: { message: 'kaputt' },
    });
    expect((await h.call(SUPPORT, 'GET', '/api/admin/shops/gibt-es-nicht.myshopify.com/logs')).status).toBe(404);
  });

  it('lets the operator change permissions, partner flag and allowance, and logs who did it', async () => {
    expect((await h.call(SUPPORT, 'PATCH', `/api/admin/shops/${SHOP}/settings`, { partner: true })).status).toBe(403);
    expect((await h.call(SUPPORT, 'GET', `/api/admin/shops/${SHOP}/settings`)).body).toMatchObject({ partner: false });
    const res = await h.call(OPERATOR, 'PATCH', `/api/admin/shops/${SHOP}/settings`, {
      permissions: ['view_dashboard'],
      partner: true,
      allowance: 0.3,
    });
    expect(res).toMatchObject({
      status: 200,
      body: { permissions: ['view_dashboard'], partner: true, allowance: 0.3 },
    });
    expect((await h.call(SHOP, 'GET', '/api/shop')).body).toMatchObject({
      partner: true,
      permissions: ['view_dashboard'],
    });
    const audit = await eventLogTable.one(h.db, { shopId: SHOP, event: 'admin.action' });
    expect(audit.body).toMatchObject({
      action: 'settings',
      admin: ADMIN,
      adminUser: '12',
      adminName: 'Olga Betrieb',
      adminRole: 'operator',
      after: { partner: true, allowance: 0.3 },
    });
    const bad = await h.call(OPERATOR, 'PATCH', `/api/admin/shops/${SHOP}/settings`, { allowance: 2 });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Der Anteil ist eine Zahl zwischen 0 und 1' } });
  });
});
