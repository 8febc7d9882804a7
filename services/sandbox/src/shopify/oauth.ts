import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import Router from '@koa/router';
import { localUrl, type AppConfig } from '@belegfluss/shopify';
import { readForm } from '../http/body.js';
import { esc, hiddenFields, page } from '../http/html.js';
import type { SandboxState, ShopState } from '../state.js';
import { getShop, ShopNotFoundError } from './shops.js';
import { hostParam, signedQuery } from './signing.js';

export interface ShopifyOauthOptions {
  state: SandboxState;
  apiKey: string;
  apiSecret: string;
  appUrl: string;
  /** Its `[auth] redirect_urls` are the only allowed redirect_uri values, as Shopify checks them. */
  appConfig: AppConfig;
}

/** Shopify compares the redirect_uri (without its query) with the app's allow-list; nothing else is accepted. */
function allowedRedirect(o: ShopifyOauthOptions, uri: string | undefined): boolean {
  if (!uri) return false;
  const bare = uri.split('?')[0];
  return o.appConfig.redirectUrls.some((allowed) => localUrl(o.appConfig, allowed, o.appUrl) === bare);
}

function shopOr404(ctx: Context, state: SandboxState): ShopState | undefined {
  try {
    return getShop(state, ctx.params.shop ?? '');
  } catch (err) {
    if (!(err instanceof ShopNotFoundError)) throw err;
    ctx.status = 404;
    ctx.type = 'html';
    ctx.body = page(
      'Shop nicht gefunden',
      `<h1>Shop nicht gefunden</h1><p>${esc(ctx.params.shop)} gibt es in der Sandbox nicht.</p>`,
    );
    return undefined;
  }
}

const scopeList = (raw: string | undefined) => [
  ...new Set(
    (raw ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

/** Shopify's answer leaves out read_X when write_X is granted: the write scope implies it. */
export const compressScopes = (scopes: string[]) =>
  scopes.filter((s) => !(s.startsWith('read_') && scopes.includes(s.replace('read_', 'write_'))));

/** Shopify's grant flow: consent page, redirect with a signed code, then code → offline access token. */
export function shopifyOauthRouter(o: ShopifyOauthOptions): Router {
  const router = new Router({ prefix: '/store/:shop/admin/oauth' });

  router.get('/authorize', (ctx) => {
    const shop = shopOr404(ctx, o.state);
    if (!shop) return;
    const q = ctx.query as Record<string, string | undefined>;
    const problems: string[] = [];
    if (q.client_id !== o.apiKey) problems.push('Die client_id gehört zu keiner App.');
    if (!allowedRedirect(o, q.redirect_uri))
      problems.push(
        'Oauth error invalid_request: The redirect_uri is not whitelisted (shopify.app.toml [auth] redirect_urls).',
      );
    ctx.type = 'html';
    if (problems.length) {
      ctx.status = 400;
      ctx.body = page(
        'OAuth-Fehler',
        `<h1>OAuth-Fehler</h1><ul>${problems.map((p) => `<li>${esc(p)}</li>`).join('')}</ul>`,
      );
      return;
    }
    const requested = scopeList(q.scope);
    const added = requested.filter((s) => !shop.grantedScopes.includes(s));
    ctx.body = page(
      'App installieren',
      `<h1>${shop.installed ? 'Berechtigungen aktualisieren' : 'App installieren'}</h1>
<p>Die App <strong>Belegfluss</strong> möchte auf <strong>${esc(shop.name)}</strong> (${esc(shop.domain)}) zugreifen:</p>
<ul>${requested.map((s) => `<li><code>${esc(s)}</code>${added.includes(s) && shop.installed ? ' (neu)' : ''}</li>`).join('')}</ul>
<form method="post" action="/store/${esc(shop.domain)}/admin/oauth/authorize">
${hiddenFields({ client_id: q.client_id, scope: requested.join(','), redirect_uri: q.redirect_uri, state: q.state })}
<button type="submit" id="install">${shop.installed ? 'Aktualisieren' : 'App installieren'}</button>
</form>`,
    );
  });

  router.post('/authorize', async (ctx) => {
    const shop = shopOr404(ctx, o.state);
    if (!shop) return;
    const f = await readForm(ctx);
    if (f.client_id !== o.apiKey || !allowedRedirect(o, f.redirect_uri)) {
      ctx.status = 400;
      ctx.body = { error: 'invalid_request' };
      return;
    }
    const code = randomBytes(16).toString('hex');
    shop.authCodes[code] = { scopes: scopeList(f.scope), expiresAt: Date.now() + 10 * 60_000 };
    const params: Record<string, string> = {
      code,
      host: hostParam(shop.domain),
      shop: shop.domain,
      state: f.state ?? '',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    ctx.redirect(`${f.redirect_uri}?${signedQuery(params, o.apiSecret).toString()}`);
  });

  router.post('/access_token', async (ctx) => {
    const shop = shopOr404(ctx, o.state);
    if (!shop) return;
    const f = await readForm(ctx);
    if (f.client_id !== o.apiKey || f.client_secret !== o.apiSecret) {
      ctx.status = 400;
      ctx.body = { error: 'invalid_client', error_description: 'Client credentials are invalid' };
      return;
    }
    const grant = f.code ? shop.authCodes[f.code] : undefined;
    if (f.code) delete shop.authCodes[f.code];
    if (!grant || grant.expiresAt < Date.now()) {
      ctx.status = 400;
      ctx.body = {
        error: 'invalid_request',
        error_description: 'The authorization code was not found or was already used',
      };
      return;
    }
    // A re-authorisation adds to what the installation already has; it never takes scopes away.
    const granted = shop.installed ? [...new Set([...shop.grantedScopes, ...grant.scopes])] : grant.scopes;
    const token = `shpat_${randomBytes(16).toString('hex')}`;
    for (const t of Object.values(shop.accessTokens)) t.scopes = granted;
    shop.accessTokens[token] = { scopes: granted, createdAt: new Date().toISOString() };
    shop.grantedScopes = granted;
    shop.installed = true;
    ctx.body = { access_token: token, scope: compressScopes(granted).join(',') };
  });

  return router;
}
