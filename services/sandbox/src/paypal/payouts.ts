import { randomId, type PayPalWebhooks } from './webhooks.js';

export const ITEM_STATUSES = [
  'SUCCESS',
  'FAILED',
  'PENDING',
  'UNCLAIMED',
  'RETURNED',
  'ONHOLD',
  'BLOCKED',
  'REFUNDED',
  'REVERSED',
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export interface PayPalKnobs {
  /** Answers for the next calls to the Payouts API, in order (then normal service). */
  failNext: Array<429 | 500 | 503>;
  /** Besides those, the share of Payouts calls (0..1) answered 429, 500 or 503 at random, as a flaky network or PayPal is. */
  failRate: number;
  /** How many status reads a batch shows PROCESSING before it ends. */
  processingReads: number;
  /** How batches end: SUCCESS (processed, whatever each item's status), or DENIED as a whole (e.g. insufficient funds). */
  outcome: 'SUCCESS' | 'DENIED';
  /** A batch also ends by itself this long after it was created, as PayPal's do within minutes (0: only status reads move it). */
  completeAfterMs: number;
  /** Send the webhooks at all (PayPal only sends what the app subscribed to). */
  webhooks: boolean;
  /** Each item's status when its batch ends, by receiver; a receiver not named here is paid (SUCCESS). */
  itemOutcomes: Record<string, ItemStatus>;
  /** An UNCLAIMED item goes back to the sender (RETURNED) this long after; PayPal waits 30 days (0: never by itself). */
  unclaimedReturnAfterMs: number;
}

export const defaultKnobs = (): PayPalKnobs => ({
  failNext: [],
  failRate: 0,
  processingReads: 1,
  outcome: 'SUCCESS',
  completeAfterMs: 3000,
  webhooks: true,
  itemOutcomes: {},
  unclaimedReturnAfterMs: 0,
});

interface Money {
  value: string;
  currency: string;
}
export interface ItemRequest {
  recipient_type?: string;
  amount: Money;
  receiver: string;
  note?: string;
  sender_item_id?: string;
  recipient_wallet?: string;
  purpose?: string;
}
export interface PayoutItem {
  payout_item_id: string;
  transaction_id?: string;
  transaction_status: ItemStatus;
  payout_item: ItemRequest & { recipient_type: string; recipient_wallet: string };
  time_processed?: string;
  errors?: { name: string; message: string };
  /** Cancelled through the API: PayPal answers a second cancel differently from one of an item never unclaimed. */
  canceled?: boolean;
}
export interface Batch {
  id: string;
  senderBatchId: string;
  status: 'PENDING' | 'PROCESSING' | 'SUCCESS' | 'DENIED';
  reads: number;
  created: string;
  completed?: string;
  header: { sender_batch_id: string; recipient_type?: string } & Record<string, unknown>;
  items: PayoutItem[];
}

/** Statuses in which money left the sender's balance, so PayPal shows a transaction id. */
const MOVED_MONEY = new Set<ItemStatus>(['SUCCESS', 'UNCLAIMED', 'ONHOLD', 'RETURNED', 'REFUNDED', 'REVERSED']);
/** The reasons PayPal gives on items that did not reach the receiver. */
const ITEM_ERRORS: Partial<Record<ItemStatus, { name: string; message: string }>> = {
  UNCLAIMED: {
    name: 'RECEIVER_UNREGISTERED',
    message:
      'The recipient for this payout does not have an account. A link to sign up for an account was sent to the recipient. However, if the recipient does not claim this payout within 30 days, the funds will be returned to your account.',
  },
  FAILED: {
    name: 'RECEIVER_UNREGISTERED',
    message: 'The recipient for this payout does not have an account and the payout could not be completed.',
  },
  BLOCKED: {
    name: 'RECEIVER_ACCOUNT_LOCKED',
    message: "Recipient's account locked or inactive. Cannot send a Payouts now. Money returned to your account.",
  },
};
/** PayPal's PAYMENT.PAYOUTS-ITEM.* event per status; PENDING and REVERSED have none in its list of event names. */
const ITEM_EVENTS: Partial<Record<ItemStatus, string>> = {
  SUCCESS: 'SUCCEEDED',
  FAILED: 'FAILED',
  UNCLAIMED: 'UNCLAIMED',
  RETURNED: 'RETURNED',
  BLOCKED: 'BLOCKED',
  ONHOLD: 'HELD',
  REFUNDED: 'REFUNDED',
};
const BATCH_SUMMARY: Record<string, string> = {
  PROCESSING: 'Payouts batch is being processed.',
  SUCCESS: 'Payouts batch completed successfully.',
  DENIED: 'Payouts batch got denied.',
};

/** A HATEOAS link as PayPal writes them. */
export const link = (href: string, rel: string, method = 'GET') => ({ href, rel, method, encType: 'application/json' });

/** The batches and items PayPal keeps, how they move, and the webhooks each move sends. */
export class PayPalPayouts {
  knobs = defaultKnobs();
  readonly batches = new Map<string, Batch>();
  private readonly items = new Map<string, { batch: Batch; item: PayoutItem }>();

  constructor(
    readonly webhooks: PayPalWebhooks,
    readonly origin: () => string,
  ) {}

  batchUrl = (batchId: string) => `${this.origin()}/v1/payments/payouts/${batchId}`;
  itemUrl = (itemId: string) => `${this.origin()}/v1/payments/payouts-item/${itemId}`;

  create(header: Batch['header'], items: ItemRequest[]): Batch {
    const batch: Batch = {
      id: randomId(),
      senderBatchId: header.sender_batch_id,
      status: 'PENDING',
      reads: 0,
      created: new Date().toISOString(),
      header,
      items: items.map((item) => ({
        payout_item_id: randomId(),
        transaction_status: 'PENDING',
        payout_item: { recipient_type: header.recipient_type ?? 'EMAIL', recipient_wallet: 'PAYPAL', ...item },
      })),
    };
    this.batches.set(batch.id, batch);
    for (const item of batch.items) this.items.set(item.payout_item_id, { batch, item });
    if (this.knobs.completeAfterMs > 0) setTimeout(() => this.advance(batch, true), this.knobs.completeAfterMs).unref();
    return batch;
  }

  findItem(itemId: string) {
    return this.items.get(itemId);
  }

  /** A batch goes PENDING → PROCESSING → its outcome over the status reads (or by itself, completeAfterMs), as PayPal's does over minutes. */
  advance(batch: Batch, finish = false): void {
    if (batch.status === 'SUCCESS' || batch.status === 'DENIED') return;
    batch.reads++;
    if (!finish && batch.reads <= this.knobs.processingReads) {
      if (batch.status !== 'PROCESSING') {
        batch.status = 'PROCESSING';
        this.notifyBatch(batch);
      }
      return;
    }
    batch.status = this.knobs.outcome;
    batch.completed = new Date().toISOString();
    // A denied batch pays nobody; PayPal reports it as a whole, not item by item.
    if (batch.status === 'DENIED') for (const item of batch.items) item.transaction_status = 'FAILED';
    else
      for (const item of batch.items)
        this.move(batch, item, this.knobs.itemOutcomes[item.payout_item.receiver] ?? 'SUCCESS');
    this.notifyBatch(batch);
  }

  /** Sets an item's status as PayPal would show it, and tells the app. */
  move(batch: Batch, item: PayoutItem, status: ItemStatus, event = ITEM_EVENTS[status]): void {
    item.transaction_status = status;
    item.time_processed = new Date().toISOString();
    if (MOVED_MONEY.has(status)) item.transaction_id ??= randomId(17);
    const error = ITEM_ERRORS[status];
    if (error) item.errors = error;
    else delete item.errors;
    if (status === 'UNCLAIMED' && this.knobs.unclaimedReturnAfterMs > 0) {
      setTimeout(() => {
        if (item.transaction_status === 'UNCLAIMED') this.move(batch, item, 'RETURNED');
      }, this.knobs.unclaimedReturnAfterMs).unref();
    }
    if (event && this.knobs.webhooks)
      void this.webhooks.send(
        `PAYMENT.PAYOUTS-ITEM.${event}`,
        'payouts_item',
        `Payout item ${event.toLowerCase()}.`,
        this.itemView(batch, item),
      );
  }

  /** PayPal cancels only UNCLAIMED items; the money goes back to the sender at once. */
  cancel(batch: Batch, item: PayoutItem): 'ITEM_ALREADY_CANCELLED' | 'ITEM_INCORRECT_STATUS' | undefined {
    if (item.canceled) return 'ITEM_ALREADY_CANCELLED';
    if (item.transaction_status !== 'UNCLAIMED') return 'ITEM_INCORRECT_STATUS';
    item.canceled = true;
    this.move(batch, item, 'RETURNED', 'CANCELED');
    return undefined;
  }

  private notifyBatch(batch: Batch): void {
    if (!this.knobs.webhooks) return;
    void this.webhooks.send(
      `PAYMENT.PAYOUTSBATCH.${batch.status}`,
      'payouts',
      BATCH_SUMMARY[batch.status] ?? batch.status,
      { batch_header: this.header(batch), links: [link(this.batchUrl(batch.id), 'self')] },
    );
  }

  header(batch: Batch) {
    const currency = batch.items[0]!.payout_item.amount.currency;
    const cents = batch.items.reduce((sum, i) => sum + Math.round(Number(i.payout_item.amount.value) * 100), 0);
    return {
      payout_batch_id: batch.id,
      batch_status: batch.status,
      time_created: batch.created,
      ...(batch.completed ? { time_completed: batch.completed, time_closed: batch.completed } : {}),
      sender_batch_header: batch.header,
      amount: { currency, value: (cents / 100).toFixed(2) },
      fees: { currency, value: '0.00' },
    };
  }

  /** An item as PayPal shows it; read on its own it also names its batch's sender_batch_id. */
  itemView(batch: Batch, item: PayoutItem, alone = true) {
    return {
      payout_item_id: item.payout_item_id,
      ...(item.transaction_id ? { transaction_id: item.transaction_id } : {}),
      transaction_status: item.transaction_status,
      payout_item_fee: { currency: item.payout_item.amount.currency, value: '0.00' },
      payout_batch_id: batch.id,
      ...(alone ? { sender_batch_id: batch.senderBatchId } : {}),
      payout_item: item.payout_item,
      ...(item.time_processed ? { time_processed: item.time_processed } : {}),
      ...(item.errors
        ? {
            errors: {
              ...item.errors,
              information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
              details: [],
              links: [],
            },
          }
        : {}),
      links: alone
        ? [link(this.itemUrl(item.payout_item_id), 'self'), link(this.batchUrl(batch.id), 'batch')]
        : [link(this.itemUrl(item.payout_item_id), 'item')],
    };
  }

  /** One page of a batch, with PayPal's self/next/previous links and, when asked, its totals. */
  page(batch: Batch, page: number, pageSize: number, totalRequired: boolean) {
    const totalPages = Math.max(1, Math.ceil(batch.items.length / pageSize));
    const href = (p: number) => `${this.batchUrl(batch.id)}?page_size=${pageSize}&page=${p}`;
    return {
      ...(totalRequired ? { total_items: batch.items.length, total_pages: totalPages } : {}),
      batch_header: this.header(batch),
      items: batch.items.slice((page - 1) * pageSize, page * pageSize).map((i) => this.itemView(batch, i, false)),
      links: [
        link(href(page), 'self'),
        ...(page < totalPages ? [link(href(page + 1), 'next')] : []),
        ...(page > 1 ? [link(href(Math.min(page - 1, totalPages)), 'previous')] : []),
      ],
    };
  }
}
