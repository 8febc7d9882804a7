import { SHOPIFY_API_VERSION } from '@belegfluss/shared/config';
import { createHash, randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import type { ShopState, WebhookSubscription } from '../../state.js';
import { shopifyTime } from '../../time.js';
import { hasScope, requireScope, shopGid, type GqlContext } from './context.js';
import { orderNode } from './mappers.js';
import { metafieldOwnerType } from './metafield-fields.js';
import { isProductOwner } from './products.js';
import { cancelAppSubscription, createAppPurchaseOneTime, createAppSubscription } from '../app-subscriptions.js';
import { companyNodes } from './companies.js';
import { orderEditMutations } from './order-edit.js';

interface MetafieldInput {
  ownerId: string;
  namespace?: string | null;
  key: string;
  type?: string | null;
  value: string;
  compareDigest?: string | null;
}

const VALIDATORS: Record<string, (v: string) => boolean> = {
  single_line_text_field: (v) => !v.includes('\n'),
  multi_line_text_field: () => true,
  number_integer: (v) => /^-?\d+$/.test(v),
  number_decimal: (v) => /^-?\d+(\.\d+)?$/.test(v),
  boolean: (v) => v === 'true' || v === 'false',
  url: (v) => /^https?:\/\/\S+$/.test(v),
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v),
  date_time: (v) => !Number.isNaN(Date.parse(v)),
  json: (v) => {
    try {
      JSON.parse(v);
      return true;
    } catch {
      return false;
    }
  },
};

export const subscriptionNode = (s: WebhookSubscription) => ({
  ...s,
  uri: s.callbackUrl,
  updatedAt: s.createdAt,
  includeFields: [],
  metafieldNamespaces: [],
  apiVersion: {
    handle: s.apiVersion ?? SHOPIFY_API_VERSION,
    displayName: s.apiVersion ?? SHOPIFY_API_VERSION,
    supported: true,
  },
  endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: s.callbackUrl },
});

function ownerExists(shop: ShopState, ownerId: string): 'orders' | 'customers' | 'products' | 'shop' | null {
  if (ownerId === shopGid(shop)) return 'shop';
  if (Object.values(shop.orders).some((o) => o.admin_graphql_api_id === ownerId)) return 'orders';
  if (Object.values(shop.customers).some((c) => c.admin_graphql_api_id === ownerId)) return 'customers';
  // Shopify writes a company's metafields with the customers scope.
  if (companyNodes(shop).some((c) => c.id === ownerId)) return 'customers';
  if (isProductOwner(shop, ownerId)) return 'products';
  return null;
}

/** metafieldsSet is atomic: one bad entry and nothing is written, as in Shopify. */
function metafieldsSet({ metafields }: { metafields: MetafieldInput[] }, ctx: GqlContext) {
  if (metafields.length > 25)
    throw new GraphQLError(`The input array size of ${metafields.length} is greater than the maximum allowed of 25.`, {
      extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' },
    });
  const userErrors: Array<{ field: string[]; message: string; code: string; elementIndex: number }> = [];
  metafields.forEach((m, i) => {
    const owner = ownerExists(ctx.shop, m.ownerId);
    const err = (field: string, message: string, code: string) =>
      userErrors.push({ field: ['metafields', String(i), field], message, code, elementIndex: i });
    if (!owner) return err('ownerId', 'Owner does not exist.', 'INVALID');
    if (owner !== 'shop') requireScope(ctx, `write_${owner}`, 'metafieldsSet');
    const existing = (ctx.shop.metafields[m.ownerId] ?? []).find(
      (x) => x.namespace === (m.namespace ?? '$app') && x.key === m.key,
    );
    const type = m.type ?? existing?.type;
    if (!type) return err('type', "Type can't be blank.", 'BLANK');
    const check = VALIDATORS[type];
    if (!check) return err('type', `Type '${type}' is not a valid type.`, 'INVALID_TYPE');
    if (!check(m.value)) err('value', `Value is invalid for type ${type}.`, 'INVALID_VALUE');
    if (m.key.length < 2 || m.key.length > 64) err('key', 'Key must be between 2 and 64 characters.', 'INVALID');
  });
  if (userErrors.length) return { metafields: [], userErrors };
  const now = shopifyTime();
  const written = metafields.map((m) => {
    const list = (ctx.shop.metafields[m.ownerId] ??= []);
    const namespace = m.namespace ?? '$app';
    let entry = list.find((x) => x.namespace === namespace && x.key === m.key);
    if (!entry) {
      entry = {
        id: `gid://shopify/Metafield/${Date.now()}${list.length}`,
        namespace,
        key: m.key,
        type: m.type ?? 'single_line_text_field',
        value: m.value,
        createdAt: now,
        updatedAt: now,
      };
      list.push(entry);
    }
    Object.assign(entry, { value: m.value, type: m.type ?? entry.type, updatedAt: now });
    return {
      ...entry,
      ownerType: metafieldOwnerType(m.ownerId),
      compareDigest: createHash('sha256').update(entry.value).digest('hex'),
    };
  });
  return { metafields: written, userErrors: [] };
}

function orderMarkAsPaid({ input }: { input: { id: string } }, ctx: GqlContext) {
  requireScope(ctx, 'write_orders', 'orderMarkAsPaid');
  const order = Object.values(ctx.shop.orders).find((o) => o.admin_graphql_api_id === input.id);
  if (!order) return { order: null, userErrors: [{ field: ['id'], message: 'Order does not exist' }] };
  try {
    ctx.sb.orders.markPaidFromApi(ctx.shop, order);
  } catch (err) {
    return {
      order: orderNode(ctx.shop, order, ctx.sb.state.knobs.shopify.publishedNulls),
      userErrors: [{ field: ['id'], message: err instanceof Error ? err.message : 'Order cannot be marked as paid.' }],
    };
  }
  return { order: orderNode(ctx.shop, order, ctx.sb.state.knobs.shopify.publishedNulls), userErrors: [] };
}

type WebhookSubscriptionInput = {
  uri?: string;
  callbackUrl?: string;
  format?: 'JSON' | 'XML';
  includeFields?: string[];
  metafieldNamespaces?: string[];
};

/** `uri` (2025-04 on) or the older `callbackUrl`; format defaults to JSON like Shopify's. */
function webhookSubscriptionCreate(
  { topic, webhookSubscription: input }: { topic: string; webhookSubscription: WebhookSubscriptionInput },
  ctx: GqlContext,
) {
  // Each topic needs its access scope; order and refund events need read_orders.
  if (/^RETURNS_/.test(topic) && !hasScope(ctx, 'read_returns')) {
    return {
      webhookSubscription: null,
      userErrors: [
        { field: ['topic'], message: `Access denied for ${topic}: the read_returns access scope is required.` },
      ],
    };
  }
  if (/^(ORDERS|REFUNDS)_/.test(topic) && !hasScope(ctx, 'read_orders')) {
    return {
      webhookSubscription: null,
      userErrors: [
        { field: ['topic'], message: `Access denied for ${topic}: the read_orders access scope is required.` },
      ],
    };
  }
  const address = input.uri ?? input.callbackUrl;
  if (!address)
    return {
      webhookSubscription: null,
      userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message: "Address can't be blank" }],
    };
  if (!/^https?:\/\/[^\s/]+/.test(address))
    return {
      webhookSubscription: null,
      userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message: 'Address is invalid' }],
    };
  if (ctx.shop.webhookSubscriptions.some((s) => s.topic === topic && s.callbackUrl === address)) {
    return {
      webhookSubscription: null,
      userErrors: [
        { field: ['webhookSubscription', 'callbackUrl'], message: 'Address for this topic has already been taken' },
      ],
    };
  }
  const sub: WebhookSubscription = {
    id: `gid://shopify/WebhookSubscription/${randomUUID()}`,
    topic,
    callbackUrl: address,
    format: input.format ?? 'JSON',
    apiVersion: ctx.apiVersion,
    createdAt: shopifyTime(),
  };
  ctx.shop.webhookSubscriptions.push(sub);
  return { webhookSubscription: subscriptionNode(sub), userErrors: [] };
}

function webhookSubscriptionDelete({ id }: { id: string }, ctx: GqlContext) {
  const before = ctx.shop.webhookSubscriptions.length;
  ctx.shop.webhookSubscriptions = ctx.shop.webhookSubscriptions.filter((s) => s.id !== id);
  if (before === ctx.shop.webhookSubscriptions.length)
    return {
      deletedWebhookSubscriptionId: null,
      userErrors: [{ field: ['id'], message: 'Webhook subscription does not exist' }],
    };
  return { deletedWebhookSubscriptionId: id, userErrors: [] };
}

/** The merchant approves the charge on the confirmation page; until then it is PENDING. */
function appSubscriptionCreate(args: Parameters<typeof createAppSubscription>[2], ctx: GqlContext) {
  return createAppSubscription(ctx.sb, ctx.shop, args);
}

function appSubscriptionCancel({ id }: { id: string }, ctx: GqlContext) {
  return cancelAppSubscription(ctx.sb, ctx.shop, id);
}

/** A one-time charge, PENDING until the merchant approves it on its confirmation page. */
function appPurchaseOneTimeCreate(args: Parameters<typeof createAppPurchaseOneTime>[2], ctx: GqlContext) {
  return createAppPurchaseOneTime(ctx.sb, ctx.shop, args);
}

export const mutationRoot = {
  metafieldsSet,
  orderMarkAsPaid,
  webhookSubscriptionCreate,
  webhookSubscriptionDelete,
  appSubscriptionCreate,
  appSubscriptionCancel,
  appPurchaseOneTimeCreate,
  ...orderEditMutations,
};
