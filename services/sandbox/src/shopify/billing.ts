import Router from '@koa/router';
import type { Context } from 'koa';
import { readForm } from '../http/body.js';
import { esc, page } from '../http/html.js';
import type { Sandbox } from '../sandbox.js';
import type { ShopState } from '../state.js';
import { decideAppPurchase, decideAppSubscription } from './app-subscriptions.js';
import { getShop } from './shops.js';

/** A charge waiting on the merchant: a subscription or a one-time purchase. */
interface Charge {
  name: string;
  status: string;
  test: boolean;
  returnUrl: string;
  price?: { amount: string; currencyCode: string };
  decide(approve: boolean): void;
}
type ChargeFinder = (sb: Sandbox, shop: ShopState, id: string) => Charge | undefined;

const subscription: ChargeFinder = (sb, shop, id) => {
  const sub = shop.appSubscriptions.find((s) => s.id === `gid://shopify/AppSubscription/${id}`);
  return sub && { ...sub, decide: (approve) => decideAppSubscription(sb, shop, sub, approve) };
};

const oneTimePurchase: ChargeFinder = (sb, shop, id) => {
  const purchase = (shop.oneTimePurchases ?? []).find((p) => p.id === `gid://shopify/AppPurchaseOneTime/${id}`);
  return purchase && { ...purchase, decide: (approve) => decideAppPurchase(sb, shop, purchase, approve) };
};

/**
 * The approval pages behind the confirmation URLs: `/confirm` for appSubscriptionCreate,
 * `/confirm_purchase` for appPurchaseOneTimeCreate. The decision goes back to `returnUrl?charge_id=`.
 */
export function billingRouter(sb: Sandbox): Router {
  const router = new Router({ prefix: '/store/:shop/admin/charges/:id' });
  const find = (ctx: Context, finder: ChargeFinder) => {
    const shop = getShop(sb.state, ctx.params.shop ?? '');
    return { shop, charge: finder(sb, shop, ctx.params.id ?? '') };
  };

  const confirmPage = (finder: ChargeFinder, title: string) => (ctx: Context) => {
    const { shop, charge } = find(ctx, finder);
    ctx.type = 'html';
    if (!charge) {
      ctx.status = 404;
      ctx.body = page('Nicht gefunden', `<h1>${esc(title)}: nicht gefunden</h1>`);
      return;
    }
    const price = charge.price ? ` über ${esc(charge.price.amount)} ${esc(charge.price.currencyCode)}` : '';
    ctx.body = page(
      title,
      `<h1>${esc(title)}</h1><p><strong>${esc(charge.name)}</strong>${price} für ${esc(shop.name)}${charge.test ? ' (Testabrechnung)' : ''}.</p>
<form method="post"><button type="submit" name="decision" value="approve" id="approve">Genehmigen</button> <button class="secondary" type="submit" name="decision" value="decline">Ablehnen</button></form>`,
    );
  };

  const decide = (finder: ChargeFinder) => async (ctx: Context) => {
    const { charge } = find(ctx, finder);
    if (!charge) return void (ctx.status = 404);
    const form = await readForm(ctx);
    if (charge.status === 'PENDING') charge.decide(form.decision !== 'decline');
    const url = new URL(charge.returnUrl);
    url.searchParams.set('charge_id', ctx.params.id ?? '');
    ctx.redirect(url.toString());
  };

  router.get('/confirm', confirmPage(subscription, 'Abo bestätigen'));
  router.post('/confirm', decide(subscription));
  router.get('/confirm_purchase', confirmPage(oneTimePurchase, 'Kauf bestätigen'));
  router.post('/confirm_purchase', decide(oneTimePurchase));
  return router;
}
