import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_MESSAGES } from '@belegfluss/shared';
import { startHarness, type Harness } from '../../../test/harness';
import { eventLogTable } from '@belegfluss/db/testing';

let h: Harness;
const SHOP = 'neuer-laden.myshopify.com';
const OTHER = 'anderer-laden.myshopify.com';

beforeAll(async () => {
  h = await startHarness({ sandbox: true });
  await h.install(SHOP);
  await h.install(OTHER);
}, 60_000);
afterAll(async () => h?.stop());

const signupLogs = (shop: string) => eventLogTable.list(h.db, { shopId: shop, event: 'lexoffice.signup' });
/** Follows a URL the gateway handed out to the gateway under test (the settings name the default port). */
const onGateway = (url: string) => {
  const u = new URL(url);
  return `${h.url}${u.pathname}${u.search}`;
};

describe('POST /api/lexoffice/signup', () => {
  it("answers 400 with the spec's German texts and writes nothing", async () => {
    const cases: [unknown, string, string][] = [
      [{ acceptTerms: true }, 'email', SIGNUP_MESSAGES.emailRequired],
      [{ email: '  ', acceptTerms: true }, 'email', SIGNUP_MESSAGES.emailRequired],
      [{ email: 'nora neu@laden.de', acceptTerms: true }, 'email', SIGNUP_MESSAGES.emailInvalid],
      [{ email: 'nora.laden.de', acceptTerms: true }, 'email', SIGNUP_MESSAGES.emailInvalid],
      [{ email: 'nora@laden.de' }, 'acceptTerms', SIGNUP_MESSAGES.acceptTerms],
      [{ email: 'nora@laden.de', acceptTerms: 'true' }, 'acceptTerms', SIGNUP_MESSAGES.acceptTerms],
    ];
    for (const [body, field, message] of cases) {
      const res = await h.call(SHOP, 'POST', '/api/lexoffice/signup', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ error: 'VALIDATION', message, field });
    }
    expect(await signupLogs(SHOP)).toHaveLength(0);
  });

  it('needs a session', async () => {
    const res = await fetch(`${h.url}/api/lexoffice/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.de', acceptTerms: true }),
    });
    expect(res.status).toBe(401);
  });

  it("hands out Lexware's registration page, which opens an account the wizard then connects", async () => {
    const res = await h.call(SHOP, 'POST', '/api/lexoffice/signup', { email: ' nora@laden.de ', acceptTerms: true });
    expect(res.status).toBe(200);
    const url = new URL(res.body.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${h.sandbox!.urls.lexware}/signup`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      email: 'nora@laden.de',
      partner: h.settings.lexware.oauth.clientId,
      returnTo: `${h.settings.appUrl}/api/lexoffice/signup/return`,
    });
    const logs = await signupLogs(SHOP);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      origin: 'lexoffice',
      status: 'info',
      body: { email: 'nora@laden.de', acceptTerms: true },
    });
    expect(await signupLogs(OTHER)).toHaveLength(0);

    // The merchant registers on the page the URL names …
    const page = await (await fetch(url)).text();
    expect(page).toContain('value="nora@laden.de"');
    const registered = await fetch(`${url.origin}/signup`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        email: 'nora@laden.de',
        companyName: 'Noras Laden GmbH',
        userName: 'Nora Neu',
        partner: url.searchParams.get('partner')!,
        returnTo: url.searchParams.get('returnTo')!,
      }),
    });
    expect(registered.status).toBe(302);
    const back = await fetch(onGateway(registered.headers.get('location')!));
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('window.close()');
    const organizationId = new URL(registered.headers.get('location')!).searchParams.get('organizationId')!;

    // … and then grants access to the new organisation on the usual consent page.
    const auth = await h.call(SHOP, 'GET', '/api/lexoffice/auth');
    const authorize = new URL(auth.body.url as string);
    expect(await (await fetch(authorize)).text()).toContain('Noras Laden GmbH');
    const q = Object.fromEntries(authorize.searchParams);
    const consent = await fetch(`${authorize.origin}${authorize.pathname}`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        client_id: q.client_id!,
        redirect_uri: q.redirect_uri!,
        scope: q.scope!,
        state: q.state!,
        organizationId,
        decision: 'allow',
      }),
    });
    const callback = await fetch(onGateway(consent.headers.get('location')!));
    expect(callback.status).toBe(200);
    const shop = await h.call(SHOP, 'GET', '/api/shop');
    expect(shop.body.lexoffice).toMatchObject({ isConnected: true, profile: { companyName: 'Noras Laden GmbH' } });
  });
});
