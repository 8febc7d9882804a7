import Router from '@koa/router';
import { writeLog } from '@belegfluss/db';
import type { GatewayContext } from '../../context';
import { body } from '../../http';
import { requireInstalled } from '../../middleware/permissions';
import { sessionOf } from '../../middleware/session';
import { closePage } from './lexware';
import { LexwareSignupBody } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'lexware.signup': "{email, acceptTerms: true}: Lexware's registration page URL",
  'lexware.signup.return': "Back from Lexware's registration page (public): closes the popup",
});

export const SIGNUP_RETURN_PATH = '/api/lexoffice/signup/return';

/**
 * Lexware has no account-opening API: partners send the merchant to its registration page, next to
 * the OAuth pages, with the e-mail prefilled and their partner id (our OAuth client id).
 */
export function signupUrl(gw: GatewayContext, email: string): string {
  const { oauthUrl, clientId } = gw.settings.lexware.oauth;
  const url = new URL('signup', oauthUrl.endsWith('/') ? oauthUrl.slice(0, -1) : oauthUrl);
  url.search = new URLSearchParams({
    email,
    partner: clientId,
    returnTo: `${gw.settings.appUrl}${SIGNUP_RETURN_PATH}`,
  }).toString();
  return url.toString();
}

/** The connect wizard's account-opening dialog: `{email, acceptTerms}` → the registration URL. */
export function lexwareSignupRoutes(gw: GatewayContext, api: Router): Router {
  const pub = new Router();

  api.post('lexware.signup', '/api/lexoffice/signup', requireInstalled(gw), async (ctx) => {
    const { shop, userId } = sessionOf(ctx);
    const { email } = await body(ctx, LexwareSignupBody);
    const url = signupUrl(gw, email);
    await writeLog(gw.db, {
      shopId: shop,
      origin: 'lexoffice',
      event: 'lexoffice.signup',
      status: 'info',
      body: { email, userId, acceptTerms: true },
    });
    ctx.body = { url };
  });

  /** Where Lexware sends the merchant after registering: the popup closes and the wizard goes on. */
  pub.get('lexware.signup.return', SIGNUP_RETURN_PATH, (ctx) => {
    ctx.type = 'html';
    ctx.body = closePage(
      'Lexware-Office-Konto eröffnet',
      'Dein Konto ist eröffnet. Dieses Fenster schließt sich gleich; danach verbindest du es mit Belegfluss.',
    );
  });

  return pub;
}
