import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../index.js';
import { json, startTestSandbox } from '../test-support.js';

let sb: RunningSandbox;
const partner = 'belegfluss-dev-client';
const returnTo = 'http://127.0.0.1:8080/api/lexoffice/signup/return';
const basic = `Basic ${Buffer.from(`${partner}:belegfluss-dev-client-secret`).toString('base64')}`;

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.stop());

const signupUrl = (q: Record<string, string>) => `${sb.urls.lexware}/signup?${new URLSearchParams(q)}`;
const submit = (f: Record<string, string>) =>
  fetch(`${sb.urls.lexware}/signup`, { method: 'POST', body: new URLSearchParams(f), redirect: 'manual' });

describe('registration page', () => {
  it('shows a German form with the e-mail prefilled', async () => {
    const res = await fetch(signupUrl({ email: 'neu@laden.de', partner, returnTo }));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Konto eröffnen');
    expect(html).toContain('name="email" type="email" autocomplete="email" value="neu@laden.de"');
    expect(html).toContain('name="companyName"');
    expect(html).toContain(`name="returnTo" value="${returnTo}"`);
  });

  it('refuses an unknown partner or a missing return address', async () => {
    expect((await fetch(signupUrl({ email: 'a@b.de', partner: 'someone-else', returnTo }))).status).toBe(400);
    expect((await fetch(signupUrl({ email: 'a@b.de', partner }))).status).toBe(400);
    expect((await fetch(signupUrl({ email: 'a@b.de', partner, returnTo: 'javascript:alert(1)' }))).status).toBe(400);
    expect((await submit({ email: 'a@b.de', companyName: 'X', userName: 'Y', partner: 'nope', returnTo })).status).toBe(
      400,
    );
  });

  it('shows the German field errors and opens nothing on bad input', async () => {
    const before = Object.keys(sb.state.lexware.organizations).length;
    const res = await submit({ email: 'kein mail', companyName: ' ', userName: '', partner, returnTo });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('Bitte gib eine gültige E-Mail-Adresse ein');
    expect(html).toContain('Bitte gib den Namen deiner Firma ein');
    expect(html).toContain('Bitte gib deinen Namen ein');
    expect(html).toContain('value="kein mail"');
    expect(Object.keys(sb.state.lexware.organizations)).toHaveLength(before);
  });

  it('opens an organisation that the consent page then offers and connects', async () => {
    const res = await submit({
      email: 'neu@laden.de',
      companyName: 'Neuer Laden GmbH',
      userName: 'Nora Neu',
      partner,
      returnTo,
    });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(returnTo);
    const organizationId = back.searchParams.get('organizationId') ?? '';
    expect(sb.state.lexware.organizations[organizationId]?.profile).toMatchObject({
      companyName: 'Neuer Laden GmbH',
      userName: 'Nora Neu',
      userEmail: 'neu@laden.de',
    });

    const redirect = 'http://127.0.0.1:8080/api/lexoffice/callback';
    const consent = await (
      await fetch(
        `${sb.urls.lexwareOauth}/authorize?client_id=${partner}&redirect_uri=${encodeURIComponent(redirect)}&response_type=code&state=s`,
      )
    ).text();
    expect(consent).toContain(`<option value="${organizationId}">Neuer Laden GmbH</option>`);
    const approved = await fetch(`${sb.urls.lexwareOauth}/authorize`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({
        client_id: partner,
        redirect_uri: redirect,
        state: 's',
        organizationId,
        decision: 'allow',
      }),
    });
    const code = new URL(approved.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const tokens = await json<{ access_token: string }>(
      await fetch(`${sb.urls.lexwareOauth}/token`, {
        method: 'POST',
        headers: { Authorization: basic },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect }),
      }),
    );
    const profile = await json<{ organizationId: string; companyName: string; created: { userEmail: string } }>(
      await fetch(`${sb.urls.lexwareApi}/profile`, { headers: { Authorization: `Bearer ${tokens.access_token}` } }),
    );
    expect(profile).toMatchObject({
      organizationId,
      companyName: 'Neuer Laden GmbH',
      created: { userEmail: 'neu@laden.de' },
    });
  });
});
