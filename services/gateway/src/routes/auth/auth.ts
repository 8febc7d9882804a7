import Router from '@koa/router';
import { randomBytes } from 'node:crypto';
import { nudge } from '../../billing';
import { consumeOauthState, createOauthState, notificationStore, saveShopInstall, writeLog } from '@belegfluss/db';
import { sendNotification } from '@belegfluss/mail';
import { ADMIN_DOCUMENTS, createAdminClient, exchangeShopifyCode, verifyQueryHmac } from '@belegfluss/shopify';
import type { GatewayContext } from '../../context';
import { BadRequest, Unauthorized } from '../../errors';
import { registerShopWebhooks } from '../../webhook-subscriptions';
import { clientKey, consume } from '../../rate-limit';
import { CallbackQuery, InstallQuery } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'auth.install': 'Shopify install or re-authorisation (public; ?shop&scopes, signed link); 60 a minute per address',
  'auth.callback': 'Shopify OAuth callback (public)',
});

/**
 * The shop's name, e-mail and plan, for the install row and the merchant's notifications, and Shopify's id of
 * the shop, which compliance and app webhooks name; empty when Shopify does not answer.
 */
async function shopDetails(
  gw: GatewayContext,
  shop: string,
  accessToken: string,
): Promise<{ name?: string; email?: string; shopifyPlan?: string; shopifyShopId?: string }> {
  const { adminUrl, apiVersion } = gw.settings.shopify;
  try {
    const data = await createAdminClient({ adminUrl, apiVersion, shop, accessToken })<{
      shop: { id: string; name: string; email: string | null; plan: { displayName: string } | null };
    }>(ADMIN_DOCUMENTS.ShopDetails);
    return {
      name: data.shop.name || undefined,
      email: data.shop.email || undefined,
      shopifyPlan: data.shop.plan?.displayName || undefined,
      shopifyShopId: /^gid:\/\/shopify\/Shop\/(\d+)$/.exec(data.shop.id)?.[1],
    };
  } catch (err) {
    gw.log.warn({ err, shop }, 'Shop details could not be read at install');
    return {};
  }
}

/** Shopify install and re-authorisation (authorization code grant, offline token). */
export function shopifyAuthRoutes(gw: GatewayContext): Router {
  const router = new Router();
  const { shopify } = gw.settings;

  router.get('auth.install', '/api/auth', async (ctx) => {
    const query = ctx.query as Record<string, string>;
    const input = InstallQuery.parse(query);
    // No login is needed to start an install, and each start writes a state row.
    await consume(ctx, gw.limits.install, clientKey(ctx));
    // An install link from Shopify is signed; a re-authorisation started by the app is not.
    if (input.hmac && !verifyQueryHmac(query, shopify.apiSecret))
      throw Unauthorized('Ungültige Signatur des Installationslinks');
    // Opened inside the admin's iframe: Shopify's grant screen can't load there, so the shell's
    // /exitiframe sends the top window back here (relative, through the shell's /api proxy).
    if (input.embedded === '1') {
      const again = new URLSearchParams({ shop: input.shop, ...(input.scopes ? { scopes: input.scopes } : {}) });
      ctx.redirect(
        `${gw.settings.shellUrl}/exitiframe?${new URLSearchParams({ redirectUri: `/api/auth?${again.toString()}` }).toString()}`,
      );
      return;
    }
    const requested = new Set(shopify.scopes.split(','));
    for (const s of input.scopes?.split(',') ?? []) if (s.trim()) requested.add(s.trim());
    const state = randomBytes(16).toString('hex');
    await createOauthState(gw.db, 'shopify', input.shop, state);
    const authorize = new URL(`${shopify.adminUrl.replace('{shop}', input.shop)}/admin/oauth/authorize`);
    authorize.search = new URLSearchParams({
      client_id: shopify.apiKey,
      scope: [...requested].join(','),
      redirect_uri: `${gw.settings.appUrl}/api/auth/callback`,
      state,
    }).toString();
    ctx.redirect(authorize.toString());
  });

  router.get('auth.callback', '/api/auth/callback', async (ctx) => {
    const query = ctx.query as Record<string, string>;
    const input = CallbackQuery.parse(query);
    if (!verifyQueryHmac(query, shopify.apiSecret)) throw Unauthorized('Ungültige Signatur der Shopify-Antwort');
    const stateShop = await consumeOauthState(gw.db, 'shopify', input.state);
    if (stateShop !== input.shop)
      throw BadRequest('Die Anmeldung ist abgelaufen. Bitte starte die Installation erneut.');
    const { accessToken, scopes } = await exchangeShopifyCode({
      adminUrl: shopify.adminUrl,
      shop: input.shop,
      apiKey: shopify.apiKey,
      apiSecret: shopify.apiSecret,
      code: input.code,
    });
    await saveShopInstall(gw.db, {
      shopId: input.shop,
      tokenEnc: gw.box.seal(accessToken),
      scopes,
      ...(await shopDetails(gw, input.shop, accessToken)),
    });
    await writeLog(gw.db, {
      shopId: input.shop,
      origin: 'shopify',
      event: 'shop.installed',
      status: 'success',
      body: { scopes },
    });
    // The shop's own subscriptions for topics the toml can't carry; when Shopify fails here the registrar tries again.
    await registerShopWebhooks(gw, input.shop, accessToken).catch((err: unknown) =>
      gw.log.warn({ err, shop: input.shop }, 'Webhook subscriptions not registered at install'),
    );
    gw.background.run(() => nudge(gw, input.shop, 'install')); // the merchant is not kept waiting for Temporal
    // The welcome mail, once per shop; the merchant is not kept waiting for the mail server.
    gw.background.run(() =>
      sendNotification(
        { store: notificationStore(gw.db), mail: gw.settings.mail, timeoutMs: 10_000 },
        { shopId: input.shop, kind: 'onboarding', occasion: 'install' },
      ).catch((err: unknown) => gw.log.warn({ err, shop: input.shop }, 'Onboarding mail not sent')),
    );
    ctx.redirect(`${gw.settings.shellUrl}/home?shop=${encodeURIComponent(input.shop)}`);
  });

  return router;
}
