import Router from '@koa/router';
import { readForm } from '../http/body.js';
import { esc, page } from '../http/html.js';
import type { Sandbox } from '../sandbox.js';
import { decideAppSubscription } from './app-subscriptions.js';
import { getShop } from './shops.js';

/** The charge approval page behind appSubscriptionCreate's confirmationUrl. */
export function billingRouter(sb: Sandbox): Router {
  const router = new Router({ prefix: '/store/:shop/admin/charges/:id' });
  const find = (shopParam: string | undefined, id: string | undefined) => {
    const shop = getShop(sb.state, shopParam ?? '');
    return { shop, sub: shop.appSubscriptions.find((s) => s.id === `gid://shopify/AppSubscription/${id}`) };
  };

  router.get('/confirm', (ctx) => {
    const { shop, sub } = find(ctx.params.shop, ctx.params.id);
    ctx.type = 'html';
    if (!sub) {
      ctx.status = 404;
      ctx.body = page('Nicht gefunden', '<h1>Abo nicht gefunden</h1>');
      return;
    }
    ctx.body = page('Abo bestätigen', `<h1>Abo bestätigen</h1><p><strong>${esc(sub.name)}</strong> für ${esc(shop.name)}${sub.test ? ' (Testabrechnung)' : ''}.</p>
<form method="post"><button type="submit" name="decision" value="approve" id="approve">Genehmigen</button> <button class="secondary" type="submit" name="decision" value="decline">Ablehnen</button></form>`);
  });

  router.post('/confirm', async (ctx) => {
    const { sub } = find(ctx.params.shop, ctx.params.id);
    if (!sub) return void (ctx.status = 404);
    const form = await readForm(ctx);
    if (sub.status === 'PENDING') decideAppSubscription(sb, getShop(sb.state, ctx.params.shop ?? ''), sub, form.decision !== 'decline');
    const url = new URL(sub.returnUrl);
    url.searchParams.set('charge_id', ctx.params.id ?? '');
    ctx.redirect(url.toString());
  });
  return router;
}
