import { randomBytes } from 'node:crypto';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { createTestDatabase, insertTestRows, purchasesTable, shopsTable, updateTestShop } from '@belegfluss/db/testing';
import { createSecretBox, saveShopInstall, type Db } from '@belegfluss/db';
import { startSandbox, type RunningSandbox } from '@belegfluss/sandbox';
import { readSettings, type Settings } from '@belegfluss/shared/settings';
import { signSessionToken, signWebhook } from '@belegfluss/shopify';
import { createOrderWorker, SEARCH_ATTRIBUTES, quietTemporal } from '@belegfluss/workflows';
import { readGatewayOptions, type GatewayOptions } from '../src/config';
import { startGateway } from '../src/main';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the JSON answers freely
type AnswerBody = any;

/** Who calls: a shop (as its default staff user, `sub` 1), or a named staff user of a shop. */
export type Caller = string | { shop: string; userId: string };

export interface Harness {
  url: string;
  db: Db;
  settings: Settings;
  temporal: TestWorkflowEnvironment;
  sandbox?: RunningSandbox;
  gateway: Awaited<ReturnType<typeof startGateway>>;
  token(caller: Caller): Promise<string>;
  /** An /api call as `caller`, with a JSON body when given. */
  call(
    caller: Caller,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: AnswerBody; headers: Headers }>;
  install(shop: string, extra?: Record<string, unknown>): Promise<void>;
  webhook(topic: string, shop: string, payload: unknown, webhookId?: string): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * Names the tests use for local servers, the way a merchant would name public ones: the sandbox's SMTP
 * server and a file server for mail attachments (`.test` names only; production pins none).
 */
export const TEST_HOSTS = 'smtp.sandbox.test=127.0.0.1,files.shop.test=127.0.0.1';

/**
 * The gateway for one test file, all real: a fresh PostgreSQL database, the Temporal dev
 * server from the project's venv, and (when asked) the sandbox standing in for Lexware.
 */
export async function startHarness(
  opts: {
    sandbox?: boolean;
    /** the sandbox's SMTP server too, as the default sender */ smtp?: boolean;
    options?: Partial<GatewayOptions> | ((sb?: RunningSandbox) => Partial<GatewayOptions>);
  } = {},
): Promise<Harness> {
  const path = process.env.TEMPORAL_CLI_PATH;
  if (!path) throw new Error('TEMPORAL_CLI_PATH is not set: run the tests with `npm test`.');
  quietTemporal();
  process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
  const database = await createTestDatabase();
  const temporal = await TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'existing-path', path }, searchAttributes: SEARCH_ATTRIBUTES },
  });
  const sandbox = opts.sandbox
    ? await startSandbox({
        ports: { control: 0, shopify: 0, lexware: 0, smtp: 0, smtps: 0 },
        log: false,
        ...(opts.smtp ? {} : { smtp: false as const }),
        knobs: { lexware: { rateLimitPerSecond: 0 } },
        lexwareEventRetryDelaysMs: [100, 200],
      })
    : undefined;
  const base = readSettings();
  const settings: Settings = {
    ...base,
    mail: { ...base.mail, outboundTestHosts: TEST_HOSTS },
    databaseUrl: database.url,
    temporalAddress: temporal.address,
    taskQueue: `gateway-test-${randomBytes(4).toString('hex')}`,
    ...(sandbox
      ? {
          shopify: { ...base.shopify, adminUrl: sandbox.urls.shopifyAdmin },
          lexware: {
            ...base.lexware,
            apiUrl: sandbox.urls.lexwareApi,
            oauth: { ...base.lexware.oauth, oauthUrl: sandbox.urls.lexwareOauth },
          },
          ...(sandbox.urls.smtp
            ? {
                mail: {
                  ...base.mail,
                  outboundTestHosts: TEST_HOSTS,
                  smtpUrl: `smtp://belegfluss:belegfluss@127.0.0.1:${sandbox.urls.smtp.port}`,
                },
              }
            : {}),
        }
      : {}),
  };
  const extra = typeof opts.options === 'function' ? opts.options(sandbox) : (opts.options ?? {});
  const gateway = await startGateway(settings, 0, { ...readGatewayOptions({}), ...extra });
  const token = (caller: Caller) => {
    const { shop, userId } = typeof caller === 'string' ? { shop: caller, userId: undefined } : caller;
    return signSessionToken(shop, { apiKey: settings.shopify.apiKey, apiSecret: settings.shopify.apiSecret, userId });
  };
  return {
    url: gateway.url,
    db: database.db,
    settings,
    temporal,
    sandbox,
    gateway,
    token,
    async call(caller, method, path, body) {
      const res = await fetch(`${gateway.url}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${await token(caller)}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async install(shop, extraColumns = {}) {
      // sealed as an install seals it, so that the gateway can open it like a real shop's token
      const tokenEnc = createSecretBox(settings.encryptionKey).seal('shpat_test');
      await saveShopInstall(database.db, { shopId: shop, tokenEnc, scopes: ['read_orders'] });
      if (Object.keys(extraColumns).length) await updateTestShop(database.db, shop, extraColumns);
    },
    webhook(topic, shop, payload, webhookId = randomBytes(8).toString('hex')) {
      const raw = JSON.stringify(payload);
      return fetch(`${gateway.url}/webhooks/shopify`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Shopify-Topic': topic,
          'X-Shopify-Shop-Domain': shop,
          'X-Shopify-Webhook-Id': webhookId,
          'X-Shopify-Triggered-At': new Date().toISOString(),
          'X-Shopify-Hmac-Sha256': signWebhook(raw, settings.shopify.apiSecret),
        },
        body: raw,
      });
    },
    async stop() {
      await gateway?.close();
      await sandbox?.stop();
      await temporal?.teardown();
      await database?.drop();
    },
  };
}

/** A minimal order row with a snapshot the shared order schema accepts. */
export async function seedOrder(
  db: Db,
  shop: string,
  o: {
    id: number;
    name?: string;
    email?: string;
    customer?: string;
    createdAt?: string;
    total?: number;
    financialStatus?: string;
    gateway?: string;
  },
) {
  const createdAt = o.createdAt ?? new Date(Date.UTC(2026, 10, 1) + o.id * 60_000).toISOString();
  const [first, last] = (o.customer ?? 'Erika Muster').split(' ');
  const snapshot = {
    id: o.id,
    name: o.name ?? `#${o.id}`,
    email: o.email ?? `kunde${o.id}@example.com`,
    created_at: createdAt,
    updated_at: createdAt,
    currency: 'EUR',
    financial_status: o.financialStatus ?? 'paid',
    fulfillment_status: null,
    total_price: String(o.total ?? 11.9),
    subtotal_price: String(o.total ?? 11.9),
    total_tax: '1.90',
    taxes_included: true,
    payment_gateway_names: [o.gateway ?? 'manual'],
    source_name: 'web',
    tags: '',
    customer: { id: 900 + o.id, email: o.email ?? `kunde${o.id}@example.com`, first_name: first, last_name: last },
    billing_address: {
      first_name: first,
      last_name: last,
      address1: 'Hauptstraße 1',
      zip: '10115',
      city: 'Berlin',
      country_code: 'DE',
    },
    shipping_address: {
      first_name: first,
      last_name: last,
      address1: 'Hauptstraße 1',
      zip: '10115',
      city: 'Berlin',
      country_code: 'DE',
    },
    line_items: [
      {
        id: 1,
        title: 'Tasse',
        name: 'Tasse',
        sku: 'T-1',
        quantity: 1,
        price: String(o.total ?? 11.9),
        tax_lines: [{ title: 'MwSt', rate: 0.19, price: '1.90' }],
        discount_allocations: [],
      },
    ],
    shipping_lines: [],
    refunds: [],
    discount_codes: [],
    discount_applications: [],
    note: null,
    note_attributes: [],
  };
  await insertTestRows(db, 'orders', {
    shop_id: shop,
    order_id: String(o.id),
    name: snapshot.name,
    created_at: createdAt,
    updated_at: createdAt,
    financial_status: snapshot.financial_status,
    fulfillment_status: null,
    gateway: o.gateway ?? 'manual',
    source_name: 'web',
    total: o.total ?? 11.9,
    currency: 'EUR',
    customer_email: snapshot.email,
    customer_name: o.customer ?? 'Erika Muster',
    tags: '',
    snapshot: JSON.stringify(snapshot),
  });
  return snapshot;
}

export async function seedDocument(
  db: Db,
  shop: string,
  d: {
    orderId: number | string;
    type?: 'invoice' | 'credit';
    lexwareId?: string;
    status?: string;
    number?: string;
    token?: string;
    orderName?: string;
  },
) {
  const token = d.token ?? randomBytes(16).toString('hex');
  const type = d.type ?? 'invoice';
  await insertTestRows(db, 'documents', {
    shop_id: shop,
    order_id: String(d.orderId),
    order_name: d.orderName ?? `#${d.orderId}`,
    type,
    intent_key: `${type}:${d.orderId}:${randomBytes(3).toString('hex')}`,
    lexware_id: d.lexwareId ?? randomBytes(8).toString('hex'),
    status: d.status ?? 'open',
    number: d.number ?? null,
    pdf_token: token,
    total: 11.9,
  });
  return token;
}

/** Connects `shop` to a new sandbox Lexware organisation without the consent page; returns its tokens. */
export async function connectLexware(h: Harness, shop: string) {
  const sb = h.sandbox!;
  const tokens = (await (
    await fetch(`${sb.urls.control}/control/lexware/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    })
  ).json()) as {
    access_token: string;
    refresh_token: string;
    expires_in: number;
    organizationId: string;
    connectionId: string;
  };
  const { box } = h.gateway.gw;
  await insertTestRows(h.db, 'lexware_connections', {
    shop_id: shop,
    access_token_enc: box.seal(tokens.access_token),
    refresh_token_enc: box.seal(tokens.refresh_token),
    expires_at: new Date(Date.now() + tokens.expires_in * 1000),
    organization_id: tokens.organizationId,
    connection_id: tokens.connectionId,
  });
  return tokens;
}

/** Creates an invoice (or, with `precedingSalesVoucherId`, a credit note) straight in the sandbox's Lexware. */
export async function createLexwareVoucher(
  h: Harness,
  accessToken: string,
  /** contactId: a net invoice to that contact, as to a business (ZUGFeRD once e-invoicing is on). */
  o: { finalize: boolean; credit?: boolean; precedingInvoiceId?: string; contactId?: string },
) {
  const body = {
    voucherDate: '2026-11-20T10:00:00.000+01:00',
    address: o.contactId
      ? { contactId: o.contactId }
      : { name: 'Erika Muster', street: 'Hauptstraße 1', zip: '10115', city: 'Berlin', countryCode: 'DE' },
    lineItems: [
      {
        type: 'custom',
        name: 'Tasse',
        quantity: 1,
        unitName: 'Stück',
        unitPrice: o.contactId
          ? { currency: 'EUR', netAmount: 10, taxRatePercentage: 19 }
          : { currency: 'EUR', grossAmount: 11.9, taxRatePercentage: 19 },
      },
    ],
    totalPrice: { currency: 'EUR' },
    taxConditions: { taxType: o.contactId ? 'net' : 'gross' },
    ...(o.credit ? {} : { shippingConditions: { shippingType: 'none' } }),
  };
  const path = o.credit ? 'credit-notes' : 'invoices';
  const q = new URLSearchParams({
    ...(o.finalize ? { finalize: 'true' } : {}),
    ...(o.precedingInvoiceId ? { precedingSalesVoucherId: o.precedingInvoiceId } : {}),
  });
  const res = await fetch(`${h.sandbox!.urls.lexwareApi}/${path}?${q}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`sandbox answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** POSTs to the sandbox's control API; throws on an error answer. */
export async function sandboxControl<T = Record<string, unknown>>(h: Harness, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${h.sandbox!.urls.control}/control${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

/** A sandbox shop (on Shopify plan `plan`) whose Admin token is stored sealed, as the OAuth callback would. */
export async function installFromSandbox(
  h: Harness,
  shop: string,
  scopes: string[],
  opts: { plan?: string; createdAt?: string } = {},
): Promise<void> {
  await sandboxControl(h, '/shops', { shop, ...opts });
  const { access_token } = await sandboxControl<{ access_token: string }>(h, `/shops/${shop}/access-token`, { scopes });
  await saveShopInstall(h.db, { shopId: shop, tokenEnc: h.gateway.gw.box.seal(access_token), scopes });
}

/** The order worker on the harness's task queue, running until `stop` (which also stops the harness). */
export async function startWorker(h: Harness): Promise<{ stop(): Promise<void> }> {
  const worker = await createOrderWorker(h.settings, h.temporal.nativeConnection);
  const running = worker.worker.run();
  return {
    async stop() {
      worker.worker.shutdown();
      await running;
      await worker.db.destroy();
      await h.stop();
    },
  };
}

/** Polls `read` until `done` holds: a test waits for a condition, never for a fixed time. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The shop on the Standard plan with the historical import bought, as after Shopify's billing pages. */
export async function buyOrderImport(h: Harness, shop: string, changes: { installedAt?: Date } = {}): Promise<void> {
  await shopsTable.update(h.db, { id: shop }, { planId: 'standard', transfersQuota: 300, ...changes });
  await purchasesTable.insert(h.db, {
    shopId: shop,
    feature: 'orderImport',
    price: 129,
    status: 'active',
    activatedAt: new Date(),
  });
}
