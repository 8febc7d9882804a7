import type Router from '@koa/router';
import { LexwareError } from '@belegfluss/lexware';
import { lexwareOf } from '../../clients';
import type { GatewayContext } from '../../context';
import { LexwareUnavailable, upstreamHttpError, NotConnected } from '../../errors';
import { sessionOf } from '../../middleware/session';
import { requireFeature } from '../../plan-gate';
import { describeRoutes } from '../../route-list';

describeRoutes({
  printLayouts: "The Lexware organisation's print layouts",
});

/**
 * GET /api/lexoffice/print-layouts: the print layouts of the shop's Lexware organisation
 * (`GET /v1/print-layouts`), for the layout choice of invoices and credit notes.
 */
export function printLayoutRoutes(gw: GatewayContext, api: Router): void {
  api.get('printLayouts', '/api/lexoffice/print-layouts', requireFeature(gw, 'layouts'), async (ctx) => {
    const { shop } = sessionOf(ctx);
    try {
      const layouts = await lexwareOf(gw, shop).printLayouts();
      ctx.body = { layouts: layouts.map(({ id, name, default: isDefault }) => ({ id, name, default: isDefault })) };
    } catch (error) {
      if (error instanceof LexwareError && (error.status === 401 || error.status === 403))
        throw NotConnected('Lexware Office hat den Zugriff verweigert. Bitte verbinde Lexware Office erneut.');
      throw upstreamHttpError(error) ?? LexwareUnavailable();
    }
  });
}
