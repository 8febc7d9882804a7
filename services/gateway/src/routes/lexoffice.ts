import Router from '@koa/router';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { consumeOauthState, createOauthState, saveConnection, saveProfile, writeLog } from '@belegfluss/db';
import { authorizeUrl, exchangeCode, lexofficeFor } from '@belegfluss/lexoffice';
import type { GatewayContext } from '../context';
import { BadRequest } from '../errors';
import { sessionOf } from '../middleware/session';

const CallbackQuery = z.object({ code: z.string().min(1), state: z.string().min(1) });

const closePage = (title: string, text: string) => `<!doctype html><html lang="de"><meta charset="utf-8"><title>${title}</title>
<body style="font-family:system-ui;padding:2rem"><h1>${title}</h1><p>${text}</p><script>setTimeout(() => window.close(), 1500)</script></body></html>`;

/** Connecting Lexware Office: a popup runs the OAuth grant, the callback stores the tokens encrypted. */
export function lexofficeAuthRoutes(gw: GatewayContext, api: Router): Router {
  const pub = new Router();
  const { oauth } = gw.settings.lexoffice;

  api.get('/api/lexoffice/auth', async (ctx) => {
    const { shop } = sessionOf(ctx);
    const state = randomBytes(16).toString('hex');
    await createOauthState(gw.db, 'lexoffice', shop, state);
    ctx.body = { url: authorizeUrl(oauth, state) };
  });

  api.post('/api/lexoffice/pull', async (ctx) => {
    const { shop } = sessionOf(ctx);
    ctx.body = { profile: await pullProfile(gw, shop) };
  });

  pub.get('/api/lexoffice/callback', async (ctx) => {
    if (ctx.query.error) {
      ctx.type = 'html';
      ctx.body = closePage('Verbindung abgebrochen', 'Lexware Office wurde nicht verbunden. Du kannst dieses Fenster schließen.');
      return;
    }
    const input = CallbackQuery.parse(ctx.query);
    const shop = await consumeOauthState(gw.db, 'lexoffice', input.state);
    if (!shop) throw BadRequest('Die Anmeldung bei Lexware Office ist abgelaufen. Bitte versuche es erneut.');
    const tokens = await exchangeCode(oauth, input.code);
    await saveConnection(gw.db, {
      shopId: shop, accessTokenEnc: gw.box.seal(tokens.accessToken), refreshTokenEnc: gw.box.seal(tokens.refreshToken),
      expiresAt: tokens.expiresAt, scope: tokens.scope,
    });
    const profile = await pullProfile(gw, shop);
    await writeLog(gw.db, { shopId: shop, origin: 'lexoffice', event: 'lexoffice.connected', status: 'success', body: { companyName: profile.companyName } });
    ctx.type = 'html';
    ctx.body = closePage('Lexware Office verbunden', 'Die Verbindung steht. Dieses Fenster schließt sich gleich.');
  });

  return pub;
}

async function pullProfile(gw: GatewayContext, shop: string) {
  const connected = await gw.db('lexoffice_connections').where({ shop_id: shop }).first();
  if (!connected) throw BadRequest('Lexware Office ist nicht verbunden.');
  const profile = await lexofficeFor(gw.db, gw.box, gw.settings.lexoffice, shop).profile();
  await saveProfile(gw.db, shop, profile as unknown as Record<string, unknown>);
  return profile;
}
