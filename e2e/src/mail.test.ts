import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, merchant } from './merchant';
import { openAllFeatures, spawnWorker as spawnProcess, startStack, type Stack } from './stack';
import { documentsTable, mailSendOfShop, mailSendsTable, ordersTable, webhookInboxTable } from '@belegfluss/db/testing';
import { orderWorkflowId } from '@belegfluss/orchestration/api';

// Real Temporal, PostgreSQL, gateway, a worker in its own process (so it can be killed), and the
// sandbox standing in for Shopify, Lexware Office and the SMTP server that catches every mail.
let stack: Stack;
const workers: ChildProcess[] = [];
let current: ChildProcess;
const shop = 'mail-e2e.myshopify.com';
const m = () => merchant(stack, shop);

function spawnWorker(): ChildProcess {
  const child = spawnProcess(stack.settings);
  workers.push(child);
  return child;
}

interface Caught {
  id: string;
  subject: string;
  envelope: { to: string[] };
  attachments: { filename: string; contentType: string }[];
}
const control = (path: string, init: RequestInit = {}) =>
  fetch(`${stack.sandbox.urls.control}${path}`, { ...init, headers: { 'Content-Type': 'application/json' } });
/** The sandbox's customers buy again under one address, so a mail is told apart by its order in the subject. */
const mailFor = async (o: { email: string; name: string }) =>
  ((await (await control(`/control/mail?to=${encodeURIComponent(o.email)}`)).json()) as Caught[]).filter((m) =>
    m.subject.endsWith(` ${o.name}`),
  );
const knobs = (body: Record<string, unknown>) =>
  control('/control/knobs', { method: 'PUT', body: JSON.stringify(body) });
const sendMail = (enabled: boolean) =>
  m().api('/api/preferences/invoices', {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ invoiceSendMail: { enabled, copy: 'buchhaltung@mail-e2e.de' } }),
  });

/**
 * What an order's wait saw when it gave up: whether the worker still runs, the order's webhooks and documents,
 * and its workflow's status with any activity it is stuck on.
 */
async function orderSeen(orderId: number): Promise<string> {
  const worker = current.exitCode ?? current.signalCode ?? 'running';
  const hooks = await webhookInboxTable.list(stack.db, { shopId: shop, resourceId: String(orderId) });
  const docs = await documentsTable.list(stack.db, { shopId: shop, orderId: String(orderId) });
  const description = await stack.temporal.client.workflow
    .getHandle(orderWorkflowId(shop, orderId))
    .describe()
    .then(
      (d) =>
        `${d.status.name}, pending ${JSON.stringify(
          (d.raw.pendingActivities ?? []).map((a) => [a.activityType?.name, a.attempt, a.lastFailure?.message]),
        )}`,
      (error: unknown) => String(error),
    );
  return [
    `worker ${String(worker)}`,
    `webhooks ${hooks.map((h) => `${String(h.topic)}:${String(h.status)}`).join(',') || 'none'}`,
    `documents ${docs.map((d) => `${String(d.type)}:${d.lexwareId ? 'lexware' : 'no lexware id'}`).join(',') || 'none'}`,
    `workflow ${description}`,
  ].join('; ');
}

/** A paid order; resolves once its invoice exists and the workflow has settled the payment webhook. */
async function paidOrder(): Promise<{ id: number; name: string; email: string; documentId: string }> {
  const { order } = await m().createOrder({ scenario: 'de_b2c' });
  await m().payOrder(order.id);
  const doc = await eventually(
    async () =>
      documentsTable.first(
        stack.db,
        { shopId: shop, orderId: String(order.id), type: 'invoice' },
        { notNull: ['lexwareId'] },
      ),
    120_000,
    () => orderSeen(order.id),
  );
  const row = await ordersTable.one(stack.db, { shopId: shop, orderId: String(order.id) });
  return { id: order.id, name: order.name, email: row.customerEmail as string, documentId: doc.id as string };
}

/** Every webhook of the order has been handled, so the workflow's pass, mail step included, is over. */
const settledOrder = (orderId: number) =>
  eventually(
    async () => {
      const rows = await webhookInboxTable.list(stack.db, { shopId: shop, resourceId: String(orderId) });
      return rows.length > 0 && rows.every((r) => !['received', 'started'].includes(r.status as string)) && rows;
    },
    120_000,
    () => orderSeen(orderId),
  );

beforeAll(async () => {
  stack = await startStack({ worker: false });
  current = spawnWorker();
  await m().createShop();
  await m().install();
  await m().connectLexware();
  await openAllFeatures(stack, shop);
  await sendMail(true);
});
afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await stack?.stop();
});

describe('invoice mail through the whole stack', () => {
  it('a finalised invoice is mailed once, with its PDF, to the sandbox SMTP server', async () => {
    const order = await paidOrder();
    const [mail] = await eventually(async () => {
      const list = await mailFor(order);
      return list.length > 0 && list;
    }, 60_000);
    expect(mail!.subject).toMatch(/^Deine Rechnung zur Bestellung #\d+$/);
    expect(mail!.envelope.to.sort()).toEqual(['buchhaltung@mail-e2e.de', order.email].sort());
    expect(mail!.attachments).toMatchObject([
      { contentType: 'application/pdf', filename: expect.stringMatching(/\.pdf$/) },
    ]);
    const pdf = await fetch(`${stack.sandbox.urls.control}/control/mail/${mail!.id}/attachments/0`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await settledOrder(order.id);
    expect(await mailFor(order)).toHaveLength(1);
    expect((await documentsTable.one(stack.db, { id: order.documentId })).emailedAt).toBeInstanceOf(Date);
  }, 180_000);

  it('every webhook delivered twice still means one mail', async () => {
    await knobs({ shopify: { duplicateRate: 1 } });
    const order = await paidOrder();
    await eventually(async () => (await mailFor(order)).length > 0, 60_000);
    await settledOrder(order.id);
    await knobs({ shopify: { duplicateRate: 0 } });
    expect(await mailFor(order)).toHaveLength(1);
    expect(await mailSendsTable.list(stack.db, { documentId: order.documentId })).toMatchObject([
      { status: 'sent', attempts: 1 },
    ]);
  }, 180_000);

  it('a worker killed while the mail is being prepared: the next worker sends it, once', async () => {
    // Each Lexware call takes 3 s, so the new worker's attempt is caught holding its claim while it fetches the PDF.
    await knobs({ lexware: { latencyMs: 3000 } });
    const { order } = await m().createOrder({ scenario: 'de_b2c' });
    await m().payOrder(order.id);
    const claim: { id: string } = await eventually(
      async () => mailSendOfShop(stack.db, { shopId: shop, orderId: String(order.id), status: 'claimed' }),
      180_000,
    );
    current.kill('SIGKILL');
    await knobs({ lexware: { latencyMs: 0 } });
    current = spawnWorker();
    const sent = await eventually(
      async () => mailSendsTable.first(stack.db, { id: claim.id, status: 'sent' }),
      240_000,
    );
    expect(sent.attempts).toBe(2);
    const email = (await ordersTable.one(stack.db, { shopId: shop, orderId: String(order.id) }))
      .customerEmail as string;
    await settledOrder(order.id);
    expect(await mailFor({ email, name: order.name })).toHaveLength(1);
  }, 300_000);

  it('turning sendMail off stops the mail', async () => {
    await sendMail(false);
    const order = await paidOrder();
    await settledOrder(order.id);
    expect(await mailFor(order)).toHaveLength(0);
    expect(await mailSendsTable.list(stack.db, { documentId: order.documentId })).toHaveLength(0);
  }, 180_000);
});
