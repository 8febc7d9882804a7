import type { Context } from 'koa';
import Router from '@koa/router';
import { execute, parse, validate, GraphQLError, type DocumentNode } from 'graphql';
import { readJson } from '../../http/body.js';
import type { Sandbox } from '../../sandbox.js';
import { getShop, ShopNotFoundError } from '../shops.js';
import { requestedCost } from './cost.js';
import { mutationRoot } from './mutation.js';
import { queryRoot } from './query.js';
import { schema } from './schema.js';
import { servedApiVersion } from '../api-versions.js';
import { bulkNode, bulkOperationRunQuery, bulkResult, currentBulkOperation } from './bulk.js';

const queries = { ...queryRoot, currentBulkOperation, node: bulkNode };
const mutations = { ...mutationRoot, bulkOperationRunQuery: bulkOperationRunQuery(queryRoot) };

const MAX_SINGLE_QUERY_COST = 1000;

/** Leaky bucket per shop: refills at restoreRate points per second up to the maximum. */
function throttle(sb: Sandbox, shopDomain: string, cost: number): { ok: boolean; status: Record<string, number> } {
  const shop = sb.state.shops[shopDomain]!;
  const { graphqlCostLimit: max, graphqlRestoreRate: rate } = sb.state.knobs.shopify;
  const now = Date.now();
  shop.throttle.available = Math.min(max, shop.throttle.available + ((now - shop.throttle.updatedAt) / 1000) * rate);
  shop.throttle.updatedAt = now;
  const ok = cost <= shop.throttle.available;
  if (ok) shop.throttle.available -= cost;
  return {
    ok,
    status: { maximumAvailable: max, currentlyAvailable: Math.floor(shop.throttle.available), restoreRate: rate },
  };
}

async function handle(sb: Sandbox, ctx: Context): Promise<void> {
  // Shopify names the version it served on every answer; a retired one is served as the oldest supported.
  const apiVersion = servedApiVersion(ctx.params.version ?? '');
  if (!apiVersion) {
    ctx.status = 404;
    ctx.body = { errors: 'Not Found' };
    return;
  }
  ctx.set('X-Shopify-API-Version', apiVersion);
  let shop;
  try {
    shop = getShop(sb.state, ctx.params.shop ?? '');
  } catch (err) {
    if (!(err instanceof ShopNotFoundError)) throw err;
    ctx.status = 404;
    ctx.body = { errors: 'Not Found' };
    return;
  }
  const token = shop.accessTokens[ctx.get('x-shopify-access-token')];
  if (!token) {
    ctx.status = 401;
    ctx.body = { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' };
    return;
  }
  const body = ((await readJson(ctx)) ?? {}) as {
    query?: string;
    variables?: Record<string, unknown>;
    operationName?: string;
  };
  let doc: DocumentNode;
  try {
    doc = parse(body.query ?? '');
  } catch (err) {
    ctx.body = { errors: [{ message: (err as GraphQLError).message, locations: (err as GraphQLError).locations }] };
    return;
  }
  const invalid = validate(schema, doc);
  if (invalid.length) {
    ctx.body = { errors: invalid.map((e) => e.toJSON()) };
    return;
  }
  const variables = body.variables ?? {};
  const cost = requestedCost(doc, variables);
  if (cost > MAX_SINGLE_QUERY_COST) {
    ctx.body = {
      errors: [
        {
          message: `Query cost is ${cost}, which exceeds the single query max cost limit (${MAX_SINGLE_QUERY_COST}).`,
          extensions: { code: 'MAX_COST_EXCEEDED', cost, maxCost: MAX_SINGLE_QUERY_COST },
        },
      ],
    };
    return;
  }
  const t = throttle(sb, shop.domain, cost);
  const extensions = {
    cost: { requestedQueryCost: cost, actualQueryCost: t.ok ? cost : null, throttleStatus: t.status },
  };
  if (!t.ok) {
    ctx.body = {
      errors: [
        {
          message: 'Throttled',
          extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
        },
      ],
      extensions,
    };
    return;
  }
  const operation = doc.definitions.find((d) => d.kind === 'OperationDefinition');
  const rootValue = operation && 'operation' in operation && operation.operation === 'mutation' ? mutations : queries;
  const result = await execute({
    schema,
    document: doc,
    rootValue,
    contextValue: { sb, shop, scopes: token.scopes, apiVersion },
    variableValues: variables,
    operationName: body.operationName,
  });
  ctx.body = { ...result, extensions };
}

export function graphqlRouter(sb: Sandbox): Router {
  const router = new Router();
  router.post('/store/:shop/admin/api/:version/graphql.json', (ctx) => handle(sb, ctx));
  // A completed bulk operation's file: like Shopify's signed storage URL, it needs no token.
  router.get('/bulk-results/:file', (ctx) => {
    const body = bulkResult(String(ctx.params.file).replace(/\.jsonl$/, ''));
    if (body === undefined) {
      ctx.status = 404;
      return;
    }
    ctx.type = 'application/jsonl';
    ctx.body = body;
  });
  return router;
}
