import type { CallbackRecord } from './http/callbacks.js';
import type { PublishedNull } from './shopify/webhook-payload.js';
import type { Customer, ShopifyOrder } from './shopify/orders/types.js';
import type { LexwareState } from './lexware/types.js';
import { emptyLexwareState } from './lexware/types.js';
import type { CaughtMail } from './smtp/types.js';

export type { CallbackAttempt as DeliveryAttempt } from './http/callbacks.js';

export interface WebhookDelivery extends CallbackRecord {
  webhookId: string;
  eventId: string;
  topic: string;
  shop: string;
  triggeredAt: string;
  apiVersion: string;
  duplicateOf?: string;
}

export interface WebhookSubscription {
  id: string;
  topic: string;
  callbackUrl: string;
  format: 'JSON' | 'XML';
  /** The Admin API version of the request that created it; its deliveries use that version. */
  apiVersion?: string;
  createdAt: string;
}

export interface ShopState {
  domain: string;
  name: string;
  email: string;
  plan: string;
  currency: string;
  createdAt: string;
  installed: boolean;
  grantedScopes: string[];
  accessTokens: Record<string, { scopes: string[]; createdAt: string }>;
  authCodes: Record<string, { scopes: string[]; expiresAt: number }>;
  nextOrderNumber: number;
  /** The order number format; absent in state saved before it existed ('#' and ''). */
  orderPrefix?: string;
  orderSuffix?: string;
  orders: Record<string, ShopifyOrder>;
  /** Keyed by email, so repeat buyers keep one customer id like in a real shop. */
  customers: Record<string, Customer>;
  metafields: Record<
    string,
    Array<{
      id: string;
      namespace: string;
      key: string;
      type: string;
      value: string;
      createdAt: string;
      updatedAt: string;
    }>
  >;
  webhookSubscriptions: WebhookSubscription[];
  appSubscriptions: Array<{
    id: string;
    name: string;
    status: string;
    test: boolean;
    createdAt: string;
    trialDays: number;
    returnUrl: string;
    lineItems: unknown[];
    currentPeriodEnd?: string;
  }>;
  /** appPurchaseOneTimeCreate charges; absent in state saved before they existed. */
  oneTimePurchases?: Array<{
    id: string;
    name: string;
    price: { amount: string; currencyCode: string };
    status: string;
    test: boolean;
    createdAt: string;
    returnUrl: string;
  }>;
  deliveries: WebhookDelivery[];
  /** GraphQL leaky bucket: points currently available and when they were last refilled. */
  throttle: { available: number; updatedAt: number };
}

export interface Knobs {
  shopify: {
    /** Probability (0..1) that a webhook is delivered twice. */
    duplicateRate: number;
    /** When true, deliveries of one change are sent in reverse order. */
    outOfOrder: boolean;
    /** GraphQL leaky bucket size and refill per second (Standard plan: 2000 and 100). */
    graphqlCostLimit: number;
    graphqlRestoreRate: number;
    /** While true, bulk operations stay RUNNING (a long export on Shopify); they finish once it is false again. */
    bulkHold: boolean;
    /** Fields sent as null (webhooks and Admin GraphQL) where Shopify's published schema allows it. */
    publishedNulls: PublishedNull[];
  };
  lexware: {
    rate429: number;
    rate500: number;
    rate504: number;
    /** With a 504, perform the write first and then answer 504, as the real gateway may do. */
    write504: boolean;
    latencyMs: number;
    /** Delay after a write is performed, before the answer: a client killed meanwhile never learns of it. */
    latencyAfterWriteMs: number;
    /** Deterministic faults: each API request takes the next status from the front. */
    failNext: number[];
    /** The same for writes (POST, PUT) alone, reads pass: e.g. a create answered 504 after it was made. */
    failNextWrite: number[];
    rateLimitPerSecond: number;
    tokenTtlSeconds: number;
  };
}

export function defaultKnobs(): Knobs {
  return {
    shopify: {
      duplicateRate: 0,
      outOfOrder: false,
      graphqlCostLimit: 2000,
      graphqlRestoreRate: 100,
      bulkHold: false,
      publishedNulls: [],
    },
    lexware: {
      rate429: 0,
      rate500: 0,
      rate504: 0,
      write504: true,
      latencyMs: 0,
      latencyAfterWriteMs: 0,
      failNext: [],
      failNextWrite: [],
      rateLimitPerSecond: 2,
      tokenTtlSeconds: 3600,
    },
  };
}

export interface SandboxState {
  /** Numeric ids are global like Shopify's, so ids never collide across shops. */
  nextId: number;
  shops: Record<string, ShopState>;
  lexware: LexwareState;
  mail: CaughtMail[];
  knobs: Knobs;
}

export function emptyState(): SandboxState {
  return { nextId: 5_600_000_000_000, shops: {}, lexware: emptyLexwareState(), mail: [], knobs: defaultKnobs() };
}

/** Shopify-style 13-digit numeric ids, unique within the sandbox. */
export function nextNumericId(state: SandboxState): number {
  state.nextId += Math.floor(Math.random() * 997) + 1;
  return state.nextId;
}
