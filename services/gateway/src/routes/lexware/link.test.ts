import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../../test/harness';

// Two stores of one merchant on one Lexware grant: the German one connects, the Austrian one joins it.
let h: Harness;
const DE = 'laden-de.myshopify.com';
const AT = 'laden-at.myshopify.com';

/** The merchant connects in the popup: the sandbox's consent page, then the callback to this gateway. */
async function connect(shop: string): Promise<void> {
  const { body } = await h.call(shop, 'GET', '/api/lexoffice/auth');
  const authorize = new URL((body as { url: string }).url);
  const consent = await fetch(new URL('/oauth2/authorize', h.sandbox!.urls.lexwareOauth), {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      client_id: authorize.searchParams.get('client_id')!,
      redirect_uri: authorize.searchParams.get('redirect_uri')!,
      scope: authorize.searchParams.get('scope') ?? '',
      state: authorize.searchParams.get('state')!,
      organizationId: 'new',
      decision: 'allow',
    }),
  });
  const callback = new URL(consent.headers.get('location')!);
  const res = await fetch(`${h.url}${callback.pathname}${callback.search}`);
  expect(res.status).toBe(200);
}

const codeOf = async (shop: string) =>
  ((await h.call(shop, 'POST', '/api/lexoffice/link-code')).body as { code: string }).code;

beforeAll(async () => {
  h = await startHarness({ sandbox: true });
  await h.install(DE);
  await h.install(AT);
});
afterAll(async () => h?.stop());

describe('one Lexware grant for two shops', () => {
  it('lets the second store join with a code from the first, once', async () => {
    await connect(DE);
    const code = await codeOf(DE);
    const joined = await h.call(AT, 'POST', '/api/lexoffice/link', { code });
    expect(joined).toMatchObject({ status: 200, body: { connected: true, sharedWith: DE } });
    const again = await h.call(AT, 'POST', '/api/lexoffice/link', { code });
    expect(again.status).toBe(400);
    expect((again.body as { message: string }).message).toMatch(/Verbindungscode ist ungültig/);
    const connected = await h.call(AT, 'POST', '/api/lexoffice/link', { code: await codeOf(DE) });
    expect(connected.status).toBe(409);
    expect((connected.body as { message: string }).message).toMatch(/schon mit Lexware Office verbunden/);
    expect((await h.call(AT, 'POST', '/api/lexoffice/link', {})).status).toBe(400);
    const profiles = await Promise.all(
      [DE, AT].map(
        async (shop) =>
          (await h.call(shop, 'POST', '/api/lexoffice/pull')).body as { profile: { organizationId: string } },
      ),
    );
    expect(profiles[0]!.profile.organizationId).toBe(profiles[1]!.profile.organizationId);
  });

  it('refreshes the shared tokens once when both stores find them expired at the same moment', async () => {
    // Lexware spends a refresh token on use: two refreshes of one grant would lock one store out.
    await h.db('lexware_grants').update({ expires_at: new Date(Date.now() - 1000) });
    const pulls = await Promise.all([DE, AT, DE, AT].map((shop) => h.call(shop, 'POST', '/api/lexoffice/pull')));
    expect(pulls.map((p) => p.status)).toEqual([200, 200, 200, 200]);
  });

  it('keeps the grant for the other store when one disconnects, and revokes it with the last', async () => {
    const first = await h.call(DE, 'DELETE', '/api/lexoffice');
    expect(first.body).toEqual({ disconnected: true, revoked: false, sharedWith: [AT] });
    expect((await h.call(DE, 'POST', '/api/lexoffice/pull')).status).toBe(400);
    expect((await h.call(AT, 'POST', '/api/lexoffice/pull')).status).toBe(200);
    const last = await h.call(AT, 'DELETE', '/api/lexoffice');
    expect(last.body).toEqual({ disconnected: true, revoked: true });
    expect(await h.db('lexware_grants')).toEqual([]);
    expect((await h.call(AT, 'DELETE', '/api/lexoffice')).status).toBe(409);
  });
});
