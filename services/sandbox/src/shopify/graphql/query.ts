import { GraphQLError } from 'graphql';
import type { ConnectionArgs } from './connection.js';
import { connection } from './connection.js';
import { requireScope, hasScope, shopGid, type GqlContext } from './context.js';
import { customerNode, orderNode, shopNode } from './mappers.js';
import { orderMatcher } from './search.js';
import { subscriptionNode } from './mutation.js';

const SIXTY_DAYS = 60 * 86_400_000;

/** Without read_all_orders, Shopify only shows orders from the last 60 days. */
function visibleOrders(ctx: GqlContext) {
  const all = Object.values(ctx.shop.orders);
  if (hasScope(ctx, 'read_all_orders')) return all;
  return all.filter((o) => Date.now() - Date.parse(o.created_at) <= SIXTY_DAYS);
}

function checkPage(args: ConnectionArgs): void {
  if (args.first == null && args.last == null) throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  if ((args.first ?? args.last ?? 0) > 250) throw new GraphQLError('The first and last arguments cannot exceed 250.', { extensions: { code: 'BAD_REQUEST' } });
}

export const queryRoot = {
  shop: (_a: unknown, ctx: GqlContext) => shopNode(ctx.shop, shopGid(ctx.shop)),

  orders: (args: ConnectionArgs & { query?: string; sortKey?: string; reverse?: boolean }, ctx: GqlContext) => {
    requireScope(ctx, 'read_orders', 'orders');
    checkPage(args);
    const key = args.sortKey === 'CREATED_AT' || args.sortKey === 'PROCESSED_AT' ? 'created_at' : args.sortKey === 'UPDATED_AT' ? 'updated_at' : 'id';
    const list = visibleOrders(ctx)
      .filter(orderMatcher(args.query))
      .sort((a, b) => (key === 'id' ? a.id - b.id : Date.parse(String(a[key])) - Date.parse(String(b[key]))));
    if (args.reverse) list.reverse();
    return connection(list.map((o) => orderNode(ctx.shop, o)), args);
  },

  order: ({ id }: { id: string }, ctx: GqlContext) => {
    requireScope(ctx, 'read_orders', 'order');
    const order = visibleOrders(ctx).find((o) => o.admin_graphql_api_id === id);
    return order ? orderNode(ctx.shop, order) : null;
  },

  customers: (args: ConnectionArgs & { query?: string }, ctx: GqlContext) => {
    requireScope(ctx, 'read_customers', 'customers');
    checkPage(args);
    const q = (args.query ?? '').replace(/^email:/, '').toLowerCase();
    const list = Object.values(ctx.shop.customers).filter((c) => !q || (c.email ?? '').toLowerCase().includes(q) || `${c.first_name} ${c.last_name}`.toLowerCase().includes(q));
    return connection(list.map((c) => customerNode(ctx.shop, c)), args);
  },

  customer: ({ id }: { id: string }, ctx: GqlContext) => {
    requireScope(ctx, 'read_customers', 'customer');
    const c = Object.values(ctx.shop.customers).find((x) => x.admin_graphql_api_id === id);
    return c ? customerNode(ctx.shop, c) : null;
  },

  /** Companies exist only on Shopify Plus (B2B). */
  companies: (args: ConnectionArgs, ctx: GqlContext) => {
    requireScope(ctx, 'read_companies', 'companies');
    if (ctx.shop.plan !== 'shopify_plus') throw new GraphQLError('Access denied for companies field. B2B is only available on Shopify Plus.', { extensions: { code: 'ACCESS_DENIED' } });
    checkPage(args);
    const companies = Object.values(ctx.shop.orders).flatMap((o) => (o.company ? [{ id: `gid://shopify/Company/${o.company.id}`, name: o.billing_address?.company ?? 'Firma', externalId: null, note: null, createdAt: o.created_at }] : []));
    return connection(companies, args);
  },

  currentAppInstallation: (_a: unknown, ctx: GqlContext) => ({
    id: `gid://shopify/AppInstallation/${ctx.shop.domain.length}001`,
    accessScopes: ctx.scopes.map((handle) => ({ handle })),
    activeSubscriptions: ctx.shop.appSubscriptions.filter((s) => s.status === 'ACTIVE'),
    launchUrl: `https://admin.shopify.com/store/${ctx.shop.domain.replace('.myshopify.com', '')}/apps/belegfluss`,
    app: { id: 'gid://shopify/App/1', title: 'Belegfluss', apiKey: ctx.sb.opts.apiKey, handle: 'belegfluss' },
  }),

  webhookSubscriptions: (args: ConnectionArgs & { topics?: string[] }, ctx: GqlContext) => {
    checkPage(args);
    const list = ctx.shop.webhookSubscriptions.filter((s) => !args.topics || args.topics.includes(s.topic));
    return connection(list.map(subscriptionNode), args);
  },
};
