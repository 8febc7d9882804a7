import { GraphQLError } from 'graphql';
import type { ConnectionArgs } from './connection.js';
import { connection } from './connection.js';
import { requireScope, hasScope, shopGid, type GqlContext } from './context.js';
import { customerNode, orderNode, shopNode } from './mappers.js';
import { purchaseNode, subscriptionNode as appSubscriptionNode } from '../app-subscriptions.js';
import { companyNodes } from './companies.js';
import { customerComparator, customerMatcher, orderComparator, orderMatcher } from './search.js';
import { subscriptionNode } from './mutation.js';

const SIXTY_DAYS = 60 * 86_400_000;

/** Without read_all_orders, Shopify only shows orders from the last 60 days. */
function visibleOrders(ctx: GqlContext) {
  const all = Object.values(ctx.shop.orders);
  if (hasScope(ctx, 'read_all_orders')) return all;
  return all.filter((o) => Date.now() - Date.parse(o.created_at) <= SIXTY_DAYS);
}

function requirePlusCompanies(ctx: GqlContext, field: string): void {
  requireScope(ctx, 'read_companies', field);
  if (ctx.shop.plan !== 'shopify_plus')
    throw new GraphQLError(`Access denied for ${field} field. B2B is only available on Shopify Plus.`, {
      extensions: { code: 'ACCESS_DENIED' },
    });
}

function checkPage(args: ConnectionArgs, ctx: GqlContext): void {
  if (ctx.bulk) return;
  if (args.first == null && args.last == null)
    throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  if ((args.first ?? args.last ?? 0) > 250)
    throw new GraphQLError('The first and last arguments cannot exceed 250.', { extensions: { code: 'BAD_REQUEST' } });
}

export const queryRoot = {
  shop: (_a: unknown, ctx: GqlContext) => shopNode(ctx.shop, shopGid(ctx.shop)),

  orders: (args: ConnectionArgs & { query?: string; sortKey?: string; reverse?: boolean }, ctx: GqlContext) => {
    requireScope(ctx, 'read_orders', 'orders');
    checkPage(args, ctx);
    const list = visibleOrders(ctx).filter(orderMatcher(args.query)).sort(orderComparator(args.sortKey));
    if (args.reverse) list.reverse();
    return connection(
      list.map((o) => orderNode(ctx.shop, o, ctx.sb.state.knobs.shopify.publishedNulls)),
      args,
    );
  },

  order: ({ id }: { id: string }, ctx: GqlContext) => {
    requireScope(ctx, 'read_orders', 'order');
    const order = visibleOrders(ctx).find((o) => o.admin_graphql_api_id === id);
    return order ? orderNode(ctx.shop, order, ctx.sb.state.knobs.shopify.publishedNulls) : null;
  },

  customers: (args: ConnectionArgs & { query?: string; sortKey?: string; reverse?: boolean }, ctx: GqlContext) => {
    requireScope(ctx, 'read_customers', 'customers');
    checkPage(args, ctx);
    const list = Object.values(ctx.shop.customers)
      .filter(customerMatcher(args.query))
      .sort(customerComparator(args.sortKey));
    if (args.reverse) list.reverse();
    return connection(
      list.map((c) => customerNode(ctx.shop, c)),
      args,
    );
  },

  customer: ({ id }: { id: string }, ctx: GqlContext) => {
    requireScope(ctx, 'read_customers', 'customer');
    const c = Object.values(ctx.shop.customers).find((x) => x.admin_graphql_api_id === id);
    return c ? customerNode(ctx.shop, c) : null;
  },

  /** Companies exist only on Shopify Plus (B2B). */
  companies: (args: ConnectionArgs & { query?: string; sortKey?: string; reverse?: boolean }, ctx: GqlContext) => {
    requirePlusCompanies(ctx, 'companies');
    checkPage(args, ctx);
    const q = (args.query ?? '')
      .replace(/^name:/, '')
      .replace(/["']/g, '')
      .toLowerCase();
    const list = companyNodes(ctx.shop).filter((c) => !q || String(c.name).toLowerCase().includes(q));
    if (args.sortKey === 'NAME') list.sort((a, b) => String(a.name).localeCompare(String(b.name)));
    if (args.reverse) list.reverse();
    return connection(list, args);
  },

  company: ({ id }: { id: string }, ctx: GqlContext) => {
    requirePlusCompanies(ctx, 'company');
    return companyNodes(ctx.shop).find((c) => c.id === id) ?? null;
  },

  currentAppInstallation: (_a: unknown, ctx: GqlContext) => ({
    id: `gid://shopify/AppInstallation/${ctx.shop.domain.length}001`,
    accessScopes: ctx.scopes.map((handle) => ({ handle })),
    activeSubscriptions: ctx.shop.appSubscriptions.filter((s) => s.status === 'ACTIVE').map(appSubscriptionNode),
    oneTimePurchases: (args: ConnectionArgs & { reverse?: boolean }) => {
      const list = (ctx.shop.oneTimePurchases ?? []).map(purchaseNode);
      return connection(args.reverse ? list.reverse() : list, args);
    },
    launchUrl: `https://admin.shopify.com/store/${ctx.shop.domain.replace('.myshopify.com', '')}/apps/belegfluss`,
    app: { id: 'gid://shopify/App/1', title: 'Belegfluss', apiKey: ctx.sb.opts.apiKey, handle: 'belegfluss' },
  }),

  /** Only the shop-specific subscriptions: the toml's app-specific ones are not listed here, as in Shopify. */
  webhookSubscriptions: (
    args: ConnectionArgs & { topics?: string[]; format?: string; uri?: string; callbackUrl?: string },
    ctx: GqlContext,
  ) => {
    checkPage(args, ctx);
    const address = args.uri ?? args.callbackUrl;
    const list = ctx.shop.webhookSubscriptions.filter(
      (s) =>
        (!args.topics || args.topics.includes(s.topic)) &&
        (!args.format || s.format === args.format) &&
        (!address || s.callbackUrl === address),
    );
    return connection(list.map(subscriptionNode), args);
  },
};
