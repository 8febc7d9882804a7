import Router from '@koa/router';
import { isXRechnung, renderVoucherFile, renderXRechnung } from '../../lexware/invoices/xrechnung.js';
import type { Sandbox } from '../../sandbox.js';
import { ControlError } from '../validate.js';
import { MARKUP } from './markup.js';
import { SCRIPT } from './script.js';

/** The control page at / and what it needs beyond the control API: its script and unauthenticated PDFs. */
export function pageRoutes(sb: Sandbox): Router {
  const router = new Router();
  router.get('/', (ctx) => {
    ctx.type = 'html';
    ctx.body = MARKUP;
  });
  router.get('/control/page.js', (ctx) => {
    ctx.type = 'application/javascript';
    ctx.body = SCRIPT;
  });
  // Lets a person (or the e2e screenshot) open a voucher's PDF without a Lexware token.
  router.get('/control/lexware/vouchers/:id/file', async (ctx) => {
    const org = Object.values(sb.state.lexware.organizations).find((o) => o.vouchers[ctx.params.id ?? '']);
    const v = org?.vouchers[ctx.params.id ?? ''];
    if (!org || !v) throw new ControlError(404, 'Beleg nicht gefunden');
    if (v.status === 'draft') throw new ControlError(409, 'Für Entwürfe gibt es kein Dokument');
    if (ctx.query.format === 'xml') {
      if (!isXRechnung(v)) throw new ControlError(404, 'Dieser Beleg ist keine XRechnung');
      ctx.type = 'application/xml';
      ctx.body = await renderXRechnung(org, v);
      return;
    }
    ctx.type = 'application/pdf';
    ctx.body = await renderVoucherFile(org, v);
  });
  return router;
}
