import Router from '@koa/router';
import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import {
  consumeOauthState,
  createOauthState,
  deleteConnection,
  getConnection,
  getShop,
  joinGrant,
  latestOrderSnapshot,
  preferenceSections,
  saveConnection,
  saveProfile,
  shopsSharingGrant,
  writeLog,
} from '@belegfluss/db';
import { authorizeUrl, exchangeCode, LexwareError, revokeToken } from '@belegfluss/lexware';
import { lexwareOf, shopifyOf } from '../../clients';
import {
  MetafieldPreferencesSchema,
  previewTemplate,
  templateGroupsFor,
  readableEntries,
  ShopifyOrderSchema,
  type MetafieldValue,
  type ShopifyOrder,
} from '@belegfluss/shared';
import { readMetafields } from '@belegfluss/shopify';
import type { GatewayContext } from '../../context';
import { BadRequest, Conflict, NotFound, NotConnected, Unprocessable } from '../../errors';
import { body, query } from '../../http';
import { sessionOf } from '../../middleware/session';
import { CallbackQuery, LinkBody, VarsQuery } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'lexware.auth': 'Popup URL to connect Lexware Office',
  'lexware.pull': 'Refresh the Lexware profile',
  'lexware.delete': "Forget the shop's connection; its grant is revoked unless another shop still uses it",
  'lexware.disconnect': 'Disconnect Lexware Office, as DELETE /api/lexoffice',
  'lexware.link-code': "A connected shop's code (10 minutes) for another store of the merchant",
  'lexware.link': '{code}: this store joins that grant (same organisation, same tokens)',
  'lexware.vars': '?value&type&field: a template rendered for the newest order',
  'lexware.callback': 'Lexware OAuth callback (public, in the popup)',
});

export const closePage = (
  title: string,
  text: string,
) => `<!doctype html><html lang="de"><meta charset="utf-8"><title>${title}</title>
<body style="font-family:system-ui;padding:2rem"><h1>${title}</h1><p>${text}</p><script>setTimeout(() => window.close(), 1500)</script></body></html>`;

/** Connecting Lexware Office: a popup runs the OAuth grant, the callback stores the tokens encrypted. */
export function lexwareAuthRoutes(gw: GatewayContext, api: Router): Router {
  const pub = new Router();
  const { oauth } = gw.settings.lexware;

  api.get('lexware.auth', '/api/lexoffice/auth', async (ctx) => {
    const { shop } = sessionOf(ctx);
    const state = randomBytes(16).toString('hex');
    await createOauthState(gw.db, 'lexoffice', shop, state);
    ctx.body = { url: authorizeUrl(oauth, state) };
  });

  api.post('lexware.pull', '/api/lexoffice/pull', async (ctx) => {
    const { shop } = sessionOf(ctx);
    ctx.body = { profile: await pullProfile(gw, shop) };
  });

  connectionSharingRoutes(gw, api);

  /** The template picker's live preview, rendered for the shop's newest order. */
  api.get('lexware.vars', '/api/lexoffice/vars', async (ctx) => {
    const { shop } = sessionOf(ctx);
    const q = query(ctx, VarsQuery);
    const snapshot = await latestOrderSnapshot(gw.db, shop);
    if (!snapshot) throw NotFound('Für die Vorschau wird mindestens eine Bestellung gebraucht.');
    const order = ShopifyOrderSchema.safeParse(snapshot);
    if (!order.success)
      throw Unprocessable('UNPROCESSABLE', 'Die letzte Bestellung ist unvollständig; eine Vorschau ist nicht möglich.');
    const reads = q.value.includes('METAFIELD.') && templateGroupsFor(q.type, q.field).metafields;
    const metafields = reads ? await previewMetafields(gw, shop, order.data) : [];
    ctx.body = { value: previewTemplate(q.value, order.data, q.type, q.field, metafields), order: order.data.name };
  });

  pub.get('lexware.callback', '/api/lexoffice/callback', async (ctx) => {
    if (ctx.query.error) {
      ctx.type = 'html';
      ctx.body = closePage(
        'Verbindung abgebrochen',
        'Lexware Office wurde nicht verbunden. Du kannst dieses Fenster schließen.',
      );
      return;
    }
    const input = CallbackQuery.parse(ctx.query);
    const shop = await consumeOauthState(gw.db, 'lexoffice', input.state);
    if (!shop) throw BadRequest('Die Anmeldung bei Lexware Office ist abgelaufen. Bitte versuche es erneut.');
    const tokens = await exchangeCode(oauth, input.code);
    const replaced = await saveConnection(gw.db, {
      shopId: shop,
      accessTokenEnc: gw.box.seal(tokens.accessToken),
      refreshTokenEnc: gw.box.seal(tokens.refreshToken),
      expiresAt: tokens.expiresAt,
      scope: tokens.scope,
    });
    // The grant the shop had before, now unused, is ended at Lexware too.
    if (replaced) await revokeToken(oauth, gw.box.open(replaced.refreshTokenEnc)).catch(() => undefined);
    const profile = await pullProfile(gw, shop);
    await subscribeEvents(gw, shop);
    await writeLog(gw.db, {
      shopId: shop,
      origin: 'lexoffice',
      event: 'lexoffice.connected',
      status: 'success',
      body: { companyName: profile.companyName },
    });
    ctx.type = 'html';
    ctx.body = closePage('Lexware Office verbunden', 'Die Verbindung steht. Dieses Fenster schließt sich gleich.');
  });

  return pub;
}

/**
 * Disconnecting, and a merchant's second store joining the first store's connection: the grant is shared,
 * so leaving revokes it only for the last store out.
 */
function connectionSharingRoutes(gw: GatewayContext, api: Router): void {
  const { oauth } = gw.settings.lexware;
  /**
   * Disconnecting forgets the shop's connection. Its grant is revoked at Lexware only when no other shop of
   * the merchant still uses it: the other store keeps invoicing.
   */
  const disconnect = async (ctx: Context) => {
    const { shop } = sessionOf(ctx);
    const others = await shopsSharingGrant(gw.db, shop);
    const released = await deleteConnection(gw.db, shop);
    if (!released && others.length === 0) throw NotConnected('Lexware Office ist nicht verbunden.');
    let revoked = false;
    if (released) {
      try {
        await revokeToken(oauth, gw.box.open(released.refreshTokenEnc));
        revoked = true;
      } catch (err) {
        // The merchant asked to disconnect: we forget the tokens even when Lexware can't be reached.
        gw.log.warn({ err, shop }, 'Lexware token could not be revoked');
      }
    }
    const status = released ? (revoked ? 'revoked' : 'not_revoked') : 'shared';
    await writeLog(gw.db, {
      shopId: shop,
      origin: 'lexoffice',
      event: 'lexoffice.disconnected',
      status: status === 'not_revoked' ? 'warning' : 'info',
      body: { action: 'disconnect', status, ...(released ? {} : { sharedWith: others }) },
    });
    ctx.body = { disconnected: true, revoked, ...(released ? {} : { sharedWith: others }) };
  };
  api.delete('lexware.delete', '/api/lexoffice', disconnect);
  api.post('lexware.disconnect', '/api/lexoffice/disconnect', disconnect);

  /**
   * A second store of the same merchant uses this shop's connection: this shop hands out a short-lived code,
   * which the merchant enters in the other store (whose session proves they run that one too).
   */
  api.post('lexware.link-code', '/api/lexoffice/link-code', async (ctx) => {
    const { shop } = sessionOf(ctx);
    if (!(await getConnection(gw.db, shop))) throw NotConnected('Lexware Office ist nicht verbunden.');
    const code = randomBytes(12).toString('hex');
    await createOauthState(gw.db, 'lexoffice-link', shop, code);
    ctx.body = { code, validMinutes: 10 };
  });

  api.post('lexware.link', '/api/lexoffice/link', async (ctx) => {
    const { shop } = sessionOf(ctx);
    const { code } = await body(ctx, LinkBody);
    const from = await consumeOauthState(gw.db, 'lexoffice-link', code);
    if (!from || from === shop)
      throw BadRequest('Der Verbindungscode ist ungültig oder abgelaufen. Bitte erzeuge im anderen Shop einen neuen.');
    const joined = await joinGrant(gw.db, shop, from);
    if (joined === 'connected')
      throw Conflict(
        'ALREADY_CONNECTED',
        'Dieser Shop ist schon mit Lexware Office verbunden. Bitte trenne die Verbindung zuerst.',
      );
    if (joined === 'gone') throw BadRequest('Der andere Shop ist nicht mehr mit Lexware Office verbunden.');
    const profile = await pullProfile(gw, shop);
    await writeLog(gw.db, {
      shopId: shop,
      origin: 'lexoffice',
      event: 'lexoffice.connected',
      status: 'success',
      body: { companyName: profile.companyName, sharedWith: from },
    });
    ctx.body = { connected: true, companyName: profile.companyName, sharedWith: from };
  });
}

/**
 * The configured read entries' values for the preview order, read as the worker reads them for a
 * document (readableEntries + readMetafields). A missing scope or an unreachable Shopify leaves the
 * placeholders as they are: a preview never fails over them.
 */
async function previewMetafields(gw: GatewayContext, shopId: string, order: ShopifyOrder): Promise<MetafieldValue[]> {
  const stored = (await preferenceSections(gw.db, shopId, ['metafields'])).metafields;
  const entries = MetafieldPreferencesSchema.safeParse(stored ?? {}).data?.read ?? [];
  const shop = await getShop(gw.db, shopId);
  if (!shop || entries.length === 0) return [];
  const { allowed } = readableEntries(entries, shop.scopes);
  try {
    return await readMetafields(
      (await shopifyOf(gw, shop.id)).graphql,
      order.admin_graphql_api_id ?? `gid://shopify/Order/${order.id}`,
      allowed,
    );
  } catch (error) {
    gw.log.info({ err: error, shop: shopId }, 'metafields for the template preview could not be read');
    return [];
  }
}

/** Paid and status events of the shop's documents come back to /webhooks/lexoffice. */
async function subscribeEvents(gw: GatewayContext, shop: string): Promise<void> {
  const api = lexwareOf(gw, shop);
  for (const eventType of [
    'payment.changed',
    'invoice.status.changed',
    'credit-note.status.changed',
    'token.revoked',
  ]) {
    await api.subscribeEvent(eventType, `${gw.settings.appUrl}/webhooks/lexoffice`).catch(async (error: unknown) => {
      if (error instanceof LexwareError && error.status === 409) return; // subscribed before
      await writeLog(gw.db, {
        shopId: shop,
        origin: 'lexoffice',
        event: 'lexoffice.subscription.failed',
        status: 'warning',
        body: { eventType, message: String(error) },
      });
    });
  }
}

async function pullProfile(gw: GatewayContext, shop: string) {
  const connected = await getConnection(gw.db, shop);
  if (!connected) throw BadRequest('Lexware Office ist nicht verbunden.');
  const profile = await lexwareOf(gw, shop).profile();
  await saveProfile(gw.db, shop, profile as unknown as Record<string, unknown>);
  return profile;
}
