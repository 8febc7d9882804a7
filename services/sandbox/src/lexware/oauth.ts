import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import Router from '@koa/router';
import { readForm } from '../http/body.js';
import { esc, hiddenFields, page } from '../http/html.js';
import type { SandboxState } from '../state.js';
import { createOrganization } from './organizations.js';
import { createConnection, issueTokens, PUBLIC_SCOPES, revokeConnection } from './tokens.js';

export interface LexwareOauthOptions {
  state: SandboxState;
  clients: Record<string, string>;
  /** Called when a connection is revoked, so token.revoked can be published. */
  onRevoked?: (connectionId: string, organizationId: string) => void;
}

function basicAuth(ctx: Context): { id: string; secret: string } | null {
  const header = ctx.get('authorization');
  if (!header.toLowerCase().startsWith('basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  return i < 0
    ? null
    : { id: decodeURIComponent(decoded.slice(0, i)), secret: decodeURIComponent(decoded.slice(i + 1)) };
}

function oauthError(ctx: Context, status: number, error: string, description: string): void {
  ctx.status = status;
  ctx.body = { error, error_description: description };
}

/** Partner OAuth2 on the app host: consent page, code exchange, refresh and revoke. */
export function lexwareOauthRouter(o: LexwareOauthOptions): Router {
  const { state } = o;
  const router = new Router({ prefix: '/oauth2' });

  router.get('/authorize', (ctx) => {
    const q = ctx.query as Record<string, string | undefined>;
    if (!q.client_id || !(q.client_id in o.clients) || !q.redirect_uri || q.response_type !== 'code') {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = page(
        'Fehler',
        '<h1>Ungültige Anfrage</h1><p>client_id, redirect_uri oder response_type fehlen oder sind falsch.</p>',
      );
      return;
    }
    const orgs = Object.values(state.lexware.organizations);
    const options = [
      `<option value="new">Neue Organisation anlegen</option>`,
      ...orgs.map((org) => `<option value="${esc(org.id)}">${esc(org.profile.companyName)}</option>`),
    ].join('');
    const scopes = (q.scope ?? PUBLIC_SCOPES.join(' ')).split(/[ +]/).filter(Boolean);
    ctx.type = 'html';
    ctx.body = page(
      'Lexware Office – Zugriff erlauben',
      `<h1>Lexware Office (Sandbox)</h1>
<p>Die Anwendung <strong>${esc(q.client_id)}</strong> möchte auf Ihr Lexware-Office-Konto zugreifen:</p>
<ul>${scopes.map((s) => `<li><code>${esc(s)}</code></li>`).join('')}</ul>
<form method="post" action="/oauth2/authorize">
${hiddenFields({ client_id: q.client_id, redirect_uri: q.redirect_uri, scope: scopes.join(' '), state: q.state })}
<p><label>Organisation: <select name="organizationId">${options}</select></label></p>
<button type="submit" name="decision" value="allow">Zugriff erlauben</button>
<button type="submit" name="decision" value="deny" class="secondary">Ablehnen</button>
</form>`,
    );
  });

  router.post('/authorize', async (ctx) => {
    const f = await readForm(ctx);
    if (!f.client_id || !(f.client_id in o.clients) || !f.redirect_uri)
      return oauthError(ctx, 400, 'invalid_request', 'client_id or redirect_uri missing');
    const target = new URL(f.redirect_uri);
    if (f.state) target.searchParams.set('state', f.state);
    if (f.decision === 'deny') {
      target.searchParams.set('error', 'access_denied');
      return ctx.redirect(target.toString());
    }
    const existing =
      f.organizationId && f.organizationId !== 'new' ? state.lexware.organizations[f.organizationId] : undefined;
    const org = existing ?? createOrganization(state);
    const code = randomBytes(16).toString('hex');
    const scopes = (f.scope ?? PUBLIC_SCOPES.join(' ')).split(/[ +]/).filter(Boolean);
    state.lexware.authCodes[code] = {
      organizationId: org.id,
      clientId: f.client_id,
      redirectUri: f.redirect_uri,
      scopes,
      expiresAt: Date.now() + 10 * 60_000,
    };
    target.searchParams.set('code', code);
    ctx.redirect(target.toString());
  });

  router.post('/token', async (ctx) => {
    const f = await readForm(ctx);
    const client = basicAuth(ctx) ?? (f.client_id ? { id: f.client_id, secret: f.client_secret ?? '' } : null);
    if (!client || o.clients[client.id] !== client.secret) {
      ctx.set('WWW-Authenticate', 'Basic realm="oauth2"');
      return oauthError(ctx, 401, 'invalid_client', 'Bad client credentials');
    }
    if (f.grant_type === 'authorization_code') {
      const entry = f.code ? state.lexware.authCodes[f.code] : undefined;
      if (f.code) delete state.lexware.authCodes[f.code];
      if (!entry || entry.expiresAt < Date.now() || entry.clientId !== client.id)
        return oauthError(ctx, 400, 'invalid_grant', 'Invalid authorization code');
      if (f.redirect_uri && f.redirect_uri !== entry.redirectUri)
        return oauthError(ctx, 400, 'invalid_grant', 'Redirect URI mismatch');
      const org = state.lexware.organizations[entry.organizationId];
      if (!org) return oauthError(ctx, 400, 'invalid_grant', 'Organization is gone');
      ctx.body = issueTokens(state, createConnection(state, org, client.id, entry.scopes));
      return;
    }
    if (f.grant_type === 'refresh_token') {
      const entry = f.refresh_token ? state.lexware.refreshTokens[f.refresh_token] : undefined;
      const connection = entry ? state.lexware.connections[entry.connectionId] : undefined;
      if (!entry || !connection || connection.revoked || connection.clientId !== client.id)
        return oauthError(ctx, 400, 'invalid_grant', 'Invalid refresh token');
      // Refresh tokens rotate: the one just used is spent.
      delete state.lexware.refreshTokens[f.refresh_token as string];
      ctx.body = issueTokens(state, connection);
      return;
    }
    oauthError(ctx, 400, 'unsupported_grant_type', `Unsupported grant type: ${f.grant_type ?? ''}`);
  });

  router.post('/revoke', async (ctx) => {
    const f = await readForm(ctx);
    const client = basicAuth(ctx);
    if (!client || o.clients[client.id] !== client.secret)
      return oauthError(ctx, 401, 'invalid_client', 'Bad client credentials');
    const token = f.token ?? '';
    const connectionId =
      state.lexware.refreshTokens[token]?.connectionId ?? state.lexware.accessTokens[token]?.connectionId;
    const connection = connectionId ? state.lexware.connections[connectionId] : undefined;
    if (connection && !connection.revoked) {
      revokeConnection(state, connection.id);
      o.onRevoked?.(connection.id, connection.organizationId);
    }
    // RFC 7009: an unknown token is not an error.
    ctx.status = 200;
    ctx.body = '';
  });

  return router;
}
