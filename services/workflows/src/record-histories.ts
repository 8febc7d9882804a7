/**
 * Records the workflow histories of a release that `src/workflows/replay.test.ts` replays, one per path: a paid
 * invoice, refunds, bank transactions after a Lexware event, mail, delivery notes, a repair and the historical
 * import. Each path runs against a local Temporal dev server with stubbed activities (the workflow's commands are
 * what replay checks), then its history is written to `src/workflows/histories/<release>/`.
 *
 *   npm run record-histories -w @belegfluss/workflows -- --release v1.1.0          # every path
 *   npm run record-histories -w @belegfluss/workflows -- --release v1.1.0 mail-documents   # only the named ones
 *
 * Run it on the checkout of the release's tag: the histories are what that release's code does, and they are never
 * recorded again once the release runs in production. See `src/workflows/histories/README.md`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { Worker } from '@temporalio/worker';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import type { Client, WorkflowHandle } from '@temporalio/client';
import { signalOrder } from '@belegfluss/orchestration/client';
import {
  DEFAULT_CONTACT_PREFERENCES,
  DEFAULT_CREDIT_PREFERENCES,
  DEFAULT_INVOICE_PREFERENCES,
  DEFAULT_INVOICE_SETTINGS,
  DEFAULT_ORDER_HANDLING,
  MetafieldPreferencesSchema,
  type ShopifyOrder,
} from '@belegfluss/shared';
import { SEARCH_ATTRIBUTES, importWorkflowId, orderWorkflowId } from './api';
import type { Activities, ShopContext } from './activities';
import { workflowSource } from './worker';
import { quietTemporal } from './testing';

const SHOP = 'record.myshopify.com';
const HISTORIES = new URL('./workflows/histories/', import.meta.url);

const snapshot = (financial_status: string, updated_at: string, refunds: unknown[] = []): ShopifyOrder =>
  ({
    id: 42,
    name: '#1042',
    created_at: '2026-11-21T09:55:00Z',
    updated_at,
    currency: 'EUR',
    financial_status,
    fulfillment_status: null,
    payment_gateway_names: ['shopify_payments'],
    tags: '',
    taxes_included: true,
    total_price: '10.00',
    line_items: [],
    shipping_lines: [],
    refunds,
    customer: { id: 1, email: 'kundin@example.de' },
    email: 'kundin@example.de',
    billing_address: { city: 'Köln', country_code: 'DE' },
  }) as ShopifyOrder;
const refund = {
  id: 77,
  order_id: 42,
  created_at: '2026-11-21T11:00:00Z',
  transactions: [{ kind: 'refund', status: 'success', amount: '10.00' }],
};

/** The shop's context for a path; `mail` turns on mailing of invoices and credit notes. */
function shopContext(o: { mail?: boolean; eInvoice?: boolean; deliveryNotes?: boolean } = {}): ShopContext {
  const common = { connected: true, automationEnabled: true, skipPos: true, skipFree: true, posName: 'pos' };
  const metafields = MetafieldPreferencesSchema.parse({});
  return {
    invoice: { ...DEFAULT_INVOICE_SETTINGS, ...common, installedAt: '2026-11-01T09:00:00Z' },
    credit: { ...common, creditCreate: true },
    prefs: {
      invoice: {
        ...DEFAULT_INVOICE_PREFERENCES,
        invoiceSendMail: { ...DEFAULT_INVOICE_PREFERENCES.invoiceSendMail, enabled: Boolean(o.mail) },
      },
      credit: { ...DEFAULT_CREDIT_PREFERENCES, creditSendMailEnabled: Boolean(o.mail), creditFinalize: true },
      contact: o.eInvoice
        ? { ...DEFAULT_CONTACT_PREFERENCES, leitwegSource: 'order-note' }
        : DEFAULT_CONTACT_PREFERENCES,
      orderHandling: {
        ...DEFAULT_ORDER_HANDLING,
        syncOrderPayment: true,
        deliveryNoteCreate: Boolean(o.deliveryNotes),
      },
    },
    profile: { smallBusiness: false, distanceSalesPrinciple: 'ORIGIN', businessFeatures: ['INVOICING'] },
    // One entry to write is enough for the workflow to ask the activity (which decides what differs).
    metafields: { ...metafields, write: [{} as (typeof metafields.write)[number]] },
  };
}

/** Activities that answer like a healthy shop and note each call, so a path can wait for its last step. */
function stubActivities(calls: string[], ctx: ShopContext) {
  const note =
    <T>(name: string, value: T) =>
    async (..._args: unknown[]) => {
      calls.push(name);
      return value;
    };
  const order: Activities = {
    loadShopContext: note('loadShopContext', ctx),
    refreshDocument: note('refreshDocument', { status: 'paid', openAmount: 0 }),
    markOrderPaid: note('markOrderPaid', 'already_paid'),
    issueInvoiceWithContact: note('issueInvoice', {
      outcome: 'created',
      documentId: 'doc-1',
      lexwareId: 'lx-1',
      number: 'RE0001',
      status: 'open',
      contactId: 'contact-1',
    }),
    issueCreditNote: note('issueCreditNote', {
      outcome: 'created',
      documentId: 'doc-2',
      lexwareId: 'lx-2',
      number: 'GS0001',
      status: 'open',
    }),
    beginRound: note('beginRound', ctx),
    endRound: async (_logs: unknown[], ids: string[], status: string) => {
      calls.push(`settle:${ids.join(',')}:${status}`);
    },
    writeOrderMetafields: note('writeOrderMetafields', 'written'),
    bookOrderPayments: note('bookOrderPayments', { booked: 1, existing: 0, hinted: true }),
    sendDocumentMail: note('sendDocumentMail', { outcome: 'sent' }),
    resolveEInvoice: note('resolveEInvoice', {
      ok: true,
      xRechnung: { buyerReference: '04011000-12345-03', vendorNumberAtCustomer: 'K-1' },
      net: false,
    }),
    issueDeliveryNote: note('issueDeliveryNote', { outcome: 'created' }),
    freshOrder: note('freshOrder', snapshot('paid', '2026-11-30T09:00:00Z')),
    releaseLostDocument: note('releaseLostDocument', 'released'),
    closeInvoice: note('closeInvoice', { result: null, reopened: false }),
  } as unknown as Activities;
  let turns = 0;
  let polls = 0;
  const importing = {
    startDayExport: note('startDayExport', {
      id: 'gid://shopify/BulkOperation/1',
      status: 'CREATED',
      url: null,
      errorCode: null,
    }),
    orderExportStatus: async () => {
      calls.push('orderExportStatus');
      return {
        id: 'gid://shopify/BulkOperation/1',
        status: ++polls > 1 ? 'COMPLETED' : 'RUNNING',
        url: 'https://export.test/day.jsonl',
        errorCode: null,
      };
    },
    handOverDayExport: note('handOverDayExport', 2),
    importDayInTurn: async () => {
      calls.push('importDayInTurn');
      return ++turns > 1;
    },
    finishImport: note('finishImport', undefined),
  };
  return { ...order, ...importing };
}

async function until(what: string, check: () => boolean, deadlineMs = 60_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Path {
  name: string;
  mail?: boolean;
  eInvoice?: boolean;
  deliveryNotes?: boolean;
  run(client: Client, taskQueue: string, calls: string[]): Promise<WorkflowHandle>;
}

// A round may settle several webhooks at once (settle:w1,w3:status): the one looked for is among them.
const settled = (calls: string[], webhookId: string) => () =>
  calls.some((c) => c.startsWith('settle:') && c.slice(7, c.lastIndexOf(':')).split(',').includes(webhookId));
const order = { shopId: SHOP, orderId: 42, orderName: '#1042' };

async function paidOrder(client: Client, taskQueue: string, calls: string[]): Promise<WorkflowHandle> {
  await signalOrder(client, taskQueue, order, {
    shopify: { topic: 'orders/create', webhookId: 'w1', order: snapshot('pending', '2026-11-21T10:00:00Z') },
  });
  await until('the waiting order', settled(calls, 'w1'));
  await signalOrder(client, taskQueue, order, {
    shopify: { topic: 'orders/paid', webhookId: 'w2', order: snapshot('paid', '2026-11-21T10:05:00Z') },
  });
  await until('the invoice', settled(calls, 'w2'));
  return client.workflow.getHandle(orderWorkflowId(SHOP, 42));
}

/** The order through as many steps as one run can take: invoice, e-invoice question, metafields, payments, mail,
 * credit note and delivery note. */
async function everyStep(client: Client, taskQueue: string, calls: string[]): Promise<WorkflowHandle> {
  const handle = await paidOrder(client, taskQueue, calls);
  await signalOrder(client, taskQueue, order, { shopify: { topic: 'refunds/create', webhookId: 'w3', refund } });
  await until('both mails', () => calls.filter((c) => c === 'sendDocumentMail').length >= 2);
  await signalOrder(client, taskQueue, order, {
    shopify: { topic: 'orders/fulfilled', webhookId: 'w5', order: shipped as ShopifyOrder },
  });
  await until('the delivery note', () => calls.includes('issueDeliveryNote'));
  await until('the delivery note round', settled(calls, 'w5'));
  return handle;
}

/** The import of one day, run to its end; `last` is the activity that proves the path was taken. */
const importDay =
  (day: string, last: string): Path['run'] =>
  async (client, taskQueue, calls) => {
    const handle = await client.workflow.start('importWorkflow', {
      workflowId: importWorkflowId(SHOP, day),
      taskQueue,
      args: [{ shopId: SHOP, day }],
    });
    await handle.result();
    if (!calls.includes(last)) throw new Error(`the import of ${day} never called ${last}`);
    return handle;
  };

/** The paid order, shipped in full. */
const shipped = {
  ...snapshot('paid', '2026-11-21T13:00:00Z'),
  fulfillment_status: 'fulfilled',
  fulfillments: [
    { id: 5, status: 'success', created_at: '2026-11-21T13:00:00Z', line_items: [{ id: 1, quantity: 1 }] },
  ],
};

const PATHS: Path[] = [
  { name: 'paid-invoice', run: paidOrder },
  {
    // The refund comes while the order waits for payment: it waits for the invoice, then gets its credit note.
    name: 'refund-before-invoice',
    async run(client, taskQueue, calls) {
      await signalOrder(client, taskQueue, order, {
        shopify: { topic: 'orders/create', webhookId: 'w1', order: snapshot('pending', '2026-11-21T10:00:00Z') },
      });
      await signalOrder(client, taskQueue, order, { shopify: { topic: 'refunds/create', webhookId: 'w3', refund } });
      await until('the waiting refund', settled(calls, 'w3'));
      await signalOrder(client, taskQueue, order, {
        shopify: { topic: 'orders/paid', webhookId: 'w2', order: snapshot('paid', '2026-11-21T10:05:00Z') },
      });
      await until('the credit note', () => calls.includes('issueCreditNote'));
      await until('the paid round', settled(calls, 'w2'));
      return client.workflow.getHandle(orderWorkflowId(SHOP, 42));
    },
  },
  {
    name: 'refund-after-invoice',
    async run(client, taskQueue, calls) {
      const handle = await paidOrder(client, taskQueue, calls);
      await signalOrder(client, taskQueue, order, { shopify: { topic: 'refunds/create', webhookId: 'w3', refund } });
      await until('the credit note', settled(calls, 'w3'));
      return handle;
    },
  },
  {
    name: 'transactions-after-lexware-payment',
    async run(client, taskQueue, calls) {
      const handle = await paidOrder(client, taskQueue, calls);
      const booked = calls.filter((c) => c === 'bookOrderPayments').length;
      await signalOrder(client, taskQueue, order, {
        lexware: { eventType: 'payment.changed', resourceId: 'lx-1', eventDate: '2026-11-21T12:00:00Z' },
      });
      await until('the Lexware status', () => calls.includes('markOrderPaid'));
      // Shopify's next snapshot (the order marked paid) books what the new invoice status allows.
      await signalOrder(client, taskQueue, order, {
        shopify: { topic: 'orders/updated', webhookId: 'w4', order: snapshot('paid', '2026-11-21T12:01:00Z') },
      });
      await until('the second booking', () => calls.filter((c) => c === 'bookOrderPayments').length > booked);
      return handle;
    },
  },
  {
    name: 'mail-documents',
    mail: true,
    async run(client, taskQueue, calls) {
      const handle = await paidOrder(client, taskQueue, calls);
      await signalOrder(client, taskQueue, order, { shopify: { topic: 'refunds/create', webhookId: 'w3', refund } });
      await until('both mails', () => calls.filter((c) => c === 'sendDocumentMail').length >= 2);
      return handle;
    },
  },
  { name: 'einvoice-invoice', eInvoice: true, run: paidOrder },
  {
    name: 'delivery-notes',
    deliveryNotes: true,
    async run(client, taskQueue, calls) {
      const handle = await paidOrder(client, taskQueue, calls);
      await signalOrder(client, taskQueue, order, {
        shopify: { topic: 'orders/fulfilled', webhookId: 'w5', order: shipped as ShopifyOrder },
      });
      await until('the delivery note', () => calls.includes('issueDeliveryNote'));
      return handle;
    },
  },
  {
    name: 'historical-order',
    async run(client, taskQueue, calls) {
      await signalOrder(client, taskQueue, order, {
        shopify: {
          topic: 'orders/import',
          webhookId: 'import:42',
          order: snapshot('paid', '2026-11-21T10:05:00Z'),
          origin: 'historical',
        },
      });
      await until('the imported invoice', settled(calls, 'import:42'));
      return client.workflow.getHandle(orderWorkflowId(SHOP, 42));
    },
  },
  {
    // The audit found the invoice missing in Lexware; the repair reads the order afresh, frees the intent and
    // the invoice step makes it anew.
    name: 'audit-repair',
    async run(client, taskQueue, calls) {
      const handle = await paidOrder(client, taskQueue, calls);
      await signalOrder(client, taskQueue, order, {
        shopify: {
          topic: 'audit/repair',
          webhookId: 'repair:1',
          repair: { orderId: '42', key: 'missing_invoice:42:', action: 'recreate', type: 'invoice' },
        },
      });
      await until('the invoice made anew', () => calls.filter((c) => c === 'issueInvoice').length === 2);
      await until('the repair round', settled(calls, 'repair:1'));
      return handle;
    },
  },
  // As many steps as one run can take: invoice, e-invoice question, metafields, payments, mail, credit note and
  // delivery note.
  { name: 'every-step', mail: true, eInvoice: true, deliveryNotes: true, run: everyStep },
  { name: 'historical-import', run: importDay('2026-10-02', 'handOverDayExport') },
];

/** `--release <tag>` (required) and the names of the paths to record (all when none is named). */
function parseArgs(args: string[]): { release: string; only: string[] } {
  const at = args.indexOf('--release');
  const release = at >= 0 ? args[at + 1] : undefined;
  if (!release || !/^v\d+\.\d+\.\d+$/.test(release))
    throw new Error('Name the release the histories belong to: --release v1.2.3 (its git tag).');
  const only = args.filter((_, i) => i !== at && i !== at + 1);
  const unknown = only.filter((name) => !PATHS.some((p) => p.name === name));
  if (unknown.length > 0) throw new Error(`Unknown paths: ${unknown.join(', ')}`);
  return { release, only };
}

async function main({ release, only }: { release: string; only: string[] }): Promise<void> {
  quietTemporal();
  const folder = new URL(`${release}/`, HISTORIES);
  mkdirSync(folder, { recursive: true });
  const executable =
    process.env.TEMPORAL_CLI_PATH ?? fileURLToPath(new URL('../../../.venv/bin/temporal', import.meta.url));
  const env = await TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'existing-path', path: executable }, searchAttributes: SEARCH_ATTRIBUTES },
  });
  try {
    for (const path of PATHS.filter((p) => only.length === 0 || only.includes(p.name))) {
      const calls: string[] = [];
      const taskQueue = `record-${path.name}`;
      const worker = await Worker.create({
        connection: env.nativeConnection,
        taskQueue,
        ...workflowSource,
        activities: stubActivities(
          calls,
          shopContext({ mail: path.mail, eInvoice: path.eInvoice, deliveryNotes: path.deliveryNotes }),
        ),
      });
      const history = await worker.runUntil(async () => {
        const handle = await path.run(env.client, taskQueue, calls);
        const described = await handle.describe();
        if (described.status.name === 'RUNNING') await handle.terminate('recorded');
        return handle.fetchHistory();
      });
      writeFileSync(new URL(`${path.name}.json`, folder), historyToJSON(history));
      console.log(`${release}/${path.name}: ${history.events?.length ?? 0} events`);
    }
  } finally {
    await env.teardown();
  }
}

await main(parseArgs(process.argv.slice(2)));
