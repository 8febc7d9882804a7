import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lexwareEventSignal } from '@belegfluss/orchestration/api';
import { publicKeyLoader, readGatewayOptions } from '../../config';
import { connectLexware, createLexwareVoucher, seedDocument, startHarness, type Harness } from '../../../test/harness';
import { lexwareConnectionsTable } from '@belegfluss/db/testing';

let h: Harness;
const A = 'events-a.myshopify.com';
let lexware: Awaited<ReturnType<typeof connectLexware>>;

beforeAll(async () => {
  // The key comes from the sandbox's published PEM, the way a developer runs it.
  h = await startHarness({
    sandbox: true,
    options: (sb) => ({ lexwareEventPublicKeyUrl: `${sb!.urls.control}/control/lexware/public-key` }),
  });
  await h.install(A);
  lexware = await connectLexware(h, A);
});
afterAll(async () => h?.stop());

const lexwareApi = (path: string, body: unknown) =>
  fetch(`${h.sandbox!.urls.lexwareApi}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${lexware.access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function signalsOf(workflowId: string): Promise<{ name: string; input: unknown }[]> {
  const history = await h.temporal.client.workflow
    .getHandle(workflowId)
    .fetchHistory()
    .catch(() => undefined);
  return (history?.events ?? []).flatMap((e) => {
    const s = e.workflowExecutionSignaledEventAttributes;
    return s
      ? [
          {
            name: s.signalName ?? '',
            input: s.input?.payloads?.[0]?.data ? JSON.parse(Buffer.from(s.input.payloads[0].data).toString()) : null,
          },
        ]
      : [];
  });
}

describe('Lexware events', () => {
  it('answers the HEAD check with 200, so Lexware accepts the subscription', async () => {
    expect((await fetch(`${h.url}/webhooks/lexoffice`, { method: 'HEAD' })).status).toBe(200);
    const sub = await lexwareApi('/event-subscriptions', {
      eventType: 'payment.changed',
      callbackUrl: `${h.url}/webhooks/lexoffice`,
    });
    expect(sub.status).toBe(201);
  });

  it('turns a signed payment.changed into a lexwareEvent signal to the order workflow', async () => {
    const invoiceId = await createLexwareVoucher(h, lexware.access_token, { finalize: true });
    await seedDocument(h.db, A, { orderId: 3001, orderName: '#3001', lexwareId: invoiceId, status: 'open' });
    const paid = await fetch(`${h.sandbox!.urls.control}/control/lexware/invoices/${invoiceId}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(paid.status).toBe(200);
    await expect
      .poll(() => signalsOf(`order:${A}:3001`), { timeout: 10_000 })
      .toEqual([
        {
          name: lexwareEventSignal.name,
          input: { eventType: 'payment.changed', resourceId: invoiceId, eventDate: expect.any(String) },
        },
      ]);
    await h.sandbox!.settled();
    const events = (await (await fetch(`${h.sandbox!.urls.control}/control/lexware/events`)).json()) as {
      status: string;
    }[];
    expect(events.every((e) => e.status === 'delivered')).toBe(true);
  });

  it('refuses a body signed with another key with 401', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const body = JSON.stringify({
      organizationId: lexware.organizationId,
      eventType: 'payment.changed',
      resourceId: 'x',
      eventDate: new Date().toISOString(),
    });
    const res = await fetch(`${h.url}/webhooks/lexoffice`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Lxo-Signature': sign('RSA-SHA512', Buffer.from(body), privateKey).toString('base64'),
      },
      body,
    });
    expect(res.status).toBe(401);
    const unsigned = await fetch(`${h.url}/webhooks/lexoffice`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(401);
  });

  it('forgets the connection when Lexware reports token.revoked', async () => {
    expect(
      (
        await lexwareApi('/event-subscriptions', {
          eventType: 'token.revoked',
          callbackUrl: `${h.url}/webhooks/lexoffice`,
        })
      ).status,
    ).toBe(201);
    const { clientId, clientSecret } = h.settings.lexware.oauth;
    const revoke = await fetch(`${h.sandbox!.urls.lexwareOauth}/revoke`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ token: lexware.refresh_token }),
    });
    expect(revoke.status).toBe(200);
    await expect
      .poll(async () => (await lexwareConnectionsTable.list(h.db, { shopId: A })).length, { timeout: 10_000 })
      .toBe(0);
  });
});

describe('the key setting', () => {
  it('takes a PEM from LEXWARE_EVENT_PUBLIC_KEY, with \\n escapes', async () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString().replaceAll('\n', '\\n');
    const key = await publicKeyLoader(readGatewayOptions({ LEXWARE_EVENT_PUBLIC_KEY: pem }))();
    expect(key?.asymmetricKeyType).toBe('rsa');
  });

  it('has no key while neither setting is given (the receiver then answers 503, which Lexware retries)', async () => {
    expect(await publicKeyLoader({ staff: [], shopifyShops: [], devShops: [] })()).toBeUndefined();
  });
});
