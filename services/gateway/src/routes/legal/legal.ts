import Router from '@koa/router';
import type { GatewayContext } from '../../context';
import { readImprint } from '../../config';
import { describeRoutes } from '../../route-list';

describeRoutes({
  legal: 'The Impressum from IMPRINT_* (public)',
});

/** `GET /api/legal` (public, like the help pages it feeds): the Impressum from configuration. */
export function legalRoutes(gw: GatewayContext): Router {
  const pub = new Router();
  const imprint = gw.options.imprint ?? readImprint({});
  pub.get('legal', '/api/legal', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = { imprint };
  });
  return pub;
}
