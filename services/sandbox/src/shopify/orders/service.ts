import type { SandboxState, ShopState, WebhookDelivery } from '../../state.js';
import { nextNumericId } from '../../state.js';
import type { WebhookDispatcher } from '../webhooks.js';
import { buildOrder } from './builder.js';
import { cancel, fulfil, markPaid, OrderStateError, type FulfilItems } from './lifecycle.js';
import { applyRefund, type RefundRequest } from './refund.js';
import { applyOrderEdit, type OrderEditRequest } from './edit.js';
import {
  findReturn,
  moveReturn,
  newReturn,
  processReturn,
  returnPayload,
  returnsOf,
  type ExchangeLineItemInput,
  type ReturnLineItemInput,
  type SandboxReturn,
} from './returns.js';
import { SCENARIOS, type Scenario, type ScenarioName, type ScenarioItem, type ScenarioPerson } from './scenarios.js';
import type { ShopifyOrder } from './types.js';

export interface CreateOrderInput {
  scenario?: ScenarioName;
  paid?: boolean;
  gateway?: string;
  tags?: string[];
  sourceName?: string;
  note?: string;
  noteAttributes?: Array<{ name: string; value: string }>;
  /** Past dates make orders for the historical import; they are created without webhooks by default. */
  createdAt?: string;
  webhooks?: boolean;
  discount?: { code: string; percent: number } | null;
  /** Without an e-mail, the customer has none: Shopify allows that (POS and phone customers). */
  customer?: Partial<ScenarioPerson>;
  /** The order carries the buyer's address but no customer record. */
  guest?: boolean;
  lineItems?: Array<{ title: string; price: number; quantity: number; sku?: string; taxRate: number }>;
}

export interface OrderChange {
  order: ShopifyOrder;
  deliveries: WebhookDelivery[];
}

export interface ReturnChange extends OrderChange {
  return: SandboxReturn;
}

export class OrderNotFoundError extends Error {}

/** Applies the caller's overrides to a scenario, so tests can shape an order without a new scenario. */
function withOverrides(base: Scenario, input: CreateOrderInput): Scenario {
  const s: Scenario = { ...base };
  if (input.paid !== undefined) s.paid = input.paid;
  if (input.gateway !== undefined) s.gateway = input.gateway;
  if (input.tags) s.tags = input.tags;
  if (input.sourceName) s.sourceName = input.sourceName;
  if (input.note !== undefined) s.note = input.note;
  if (input.noteAttributes) s.noteAttributes = input.noteAttributes;
  if (input.discount !== undefined) s.discount = input.discount ?? undefined;
  if (input.customer) {
    const given = Object.fromEntries(Object.entries(input.customer).filter(([, v]) => v !== undefined));
    s.customer = { ...(base.customer ?? SCENARIOS.de_b2c.customer), email: undefined, ...given } as ScenarioPerson;
  }
  if (input.guest) s.guest = true;
  if (input.lineItems) {
    s.items = input.lineItems.map<ScenarioItem>((l) => ({
      title: l.title,
      sku: l.sku ?? '',
      priceCents: Math.round(l.price * 100),
      quantity: l.quantity,
      taxRate: l.taxRate,
    }));
  }
  return s;
}

export class OrderService {
  constructor(
    private state: SandboxState,
    private dispatcher: WebhookDispatcher,
  ) {}

  private nextId = () => nextNumericId(this.state);

  get(shop: ShopState, id: number | string): ShopifyOrder {
    const order = shop.orders[String(id)];
    if (!order) throw new OrderNotFoundError(`Order ${id} not found in ${shop.domain}`);
    return order;
  }

  create(shop: ShopState, input: CreateOrderInput): OrderChange {
    const scenario = withOverrides(SCENARIOS[input.scenario ?? 'de_b2c'], input);
    const createdAt = input.createdAt ? new Date(input.createdAt) : new Date();
    const order = buildOrder(shop, scenario, this.nextId, createdAt);
    shop.orders[String(order.id)] = order;
    const topics = ['orders/create'];
    if (scenario.paid) {
      markPaid(order, this.nextId, createdAt);
      topics.push('orders/paid');
    }
    if (scenario.refund) {
      const mode = scenario.refund === 'full' ? 'full' : scenario.refund === 'amount_only' ? 'amount' : 'items';
      const refund = applyRefund(order, { mode, amount: 10 }, this.nextId, createdAt);
      return {
        order,
        deliveries: this.send(shop, input, [
          ...topics.map((t) => ({ topic: t, payload: order })),
          { topic: 'refunds/create', payload: refund },
        ]),
      };
    }
    return {
      order,
      deliveries: this.send(
        shop,
        input,
        topics.map((topic) => ({ topic, payload: order })),
      ),
    };
  }

  pay(shop: ShopState, id: string, gateway?: string): OrderChange {
    const order = this.get(shop, id);
    markPaid(order, this.nextId, new Date(), gateway);
    return { order, deliveries: this.changed(shop, order, ['orders/paid']) };
  }

  fulfil(shop: ShopState, id: string, items?: FulfilItems): OrderChange {
    const order = this.get(shop, id);
    const topic = fulfil(order, this.nextId, new Date(), items);
    return { order, deliveries: this.changed(shop, order, [topic]) };
  }

  refund(shop: ShopState, id: string, req: RefundRequest): OrderChange {
    const order = this.get(shop, id);
    const refund = applyRefund(order, req, this.nextId, new Date());
    const deliveries = this.dispatcher.emit(shop, [
      { topic: 'refunds/create', payload: refund },
      { topic: 'orders/updated', payload: order },
    ]);
    return { order, deliveries };
  }

  /** A committed order edit: Shopify sends orders/edited (the edit), then orders/updated (the order). */
  edit(shop: ShopState, id: string, req: OrderEditRequest): OrderChange & { edit: ReturnType<typeof applyOrderEdit> } {
    const order = this.get(shop, id);
    const edit = applyOrderEdit(order, req, this.nextId, new Date());
    const deliveries = this.dispatcher.emit(shop, [
      { topic: 'orders/edited', payload: edit },
      { topic: 'orders/updated', payload: order },
    ]);
    return { order, deliveries, edit };
  }

  cancel(shop: ShopState, id: string, reason = 'customer', refund = false): OrderChange {
    const order = this.get(shop, id);
    const refunded = cancel(order, this.nextId, new Date(), reason, refund);
    const events = [{ topic: 'orders/cancelled', payload: order as unknown }];
    const last = order.refunds.at(-1);
    if (refunded && last) events.push({ topic: 'refunds/create', payload: last });
    events.push({ topic: 'orders/updated', payload: order });
    return { order, deliveries: this.dispatcher.emit(shop, events) };
  }

  /** returnRequest (the customer asks: REQUESTED) or returnCreate (staff opens it at once: OPEN). */
  createReturn(
    shop: ShopState,
    id: string,
    input: { returnLineItems: ReturnLineItemInput[]; exchangeLineItems?: ExchangeLineItemInput[]; requested?: boolean },
  ): ReturnChange {
    const order = this.get(shop, id);
    const ret = newReturn(order, { ...input, requested: input.requested ?? false }, this.nextId, new Date());
    // A created return is approved from the start: Shopify announces it as returns/approve.
    return this.returnChange(shop, order, ret, [ret.status === 'requested' ? 'returns/request' : 'returns/approve']);
  }

  /** returnApproveRequest, returnDeclineRequest, returnClose, returnReopen, returnCancel. */
  moveReturn(
    shop: ShopState,
    id: string,
    returnId: number,
    to: 'approve' | 'decline' | 'close' | 'reopen' | 'cancel',
    decline?: { reason: string; note?: string | null },
  ): ReturnChange {
    const order = this.get(shop, id);
    const ret = findReturn(order, returnId);
    moveReturn(ret, to, new Date(), decline);
    const topic = {
      approve: 'returns/approve',
      decline: 'returns/decline',
      close: 'returns/close',
      reopen: 'returns/reopen',
      cancel: 'returns/cancel',
    }[to];
    return this.returnChange(shop, order, ret, [topic]);
  }

  /**
   * returnProcess of every item: the refund of a difference first (refunds/create), returns/process, the order as it
   * now is, and, the return being fully processed, its close.
   */
  processReturn(shop: ShopState, id: string, returnId: number): ReturnChange {
    const order = this.get(shop, id);
    const ret = findReturn(order, returnId);
    const { refund } = processReturn(order, ret, this.nextId, new Date());
    const events: Array<{ topic: string; payload: unknown }> = [];
    if (refund) events.push({ topic: 'refunds/create', payload: refund });
    events.push({ topic: 'returns/process', payload: returnPayload('returns/process', order, ret) });
    events.push({ topic: 'orders/updated', payload: order });
    moveReturn(ret, 'close', new Date());
    events.push({ topic: 'returns/close', payload: returnPayload('returns/close', order, ret) });
    return { order, return: ret, deliveries: this.dispatcher.emit(shop, events) };
  }

  returns(shop: ShopState, id: string): SandboxReturn[] {
    return returnsOf(this.get(shop, id));
  }

  private returnChange(shop: ShopState, order: ShopifyOrder, ret: SandboxReturn, topics: string[]): ReturnChange {
    const events = topics.map((topic) => ({ topic, payload: returnPayload(topic, order, ret) }));
    return { order, return: ret, deliveries: this.dispatcher.emit(shop, events) };
  }

  /** Marks paid on behalf of GraphQL's orderMarkAsPaid, which checks the balance itself. */
  markPaidFromApi(shop: ShopState, order: ShopifyOrder): void {
    if (Number(order.total_outstanding) <= 0) throw new OrderStateError('Order has no outstanding balance');
    markPaid(order, this.nextId, new Date());
    this.changed(shop, order, ['orders/paid']);
  }

  private changed(shop: ShopState, order: ShopifyOrder, topics: string[]): WebhookDelivery[] {
    return this.dispatcher.emit(
      shop,
      [...topics, 'orders/updated'].map((topic) => ({ topic, payload: order })),
    );
  }

  private send(
    shop: ShopState,
    input: CreateOrderInput,
    events: Array<{ topic: string; payload: unknown }>,
  ): WebhookDelivery[] {
    const pastDated = input.createdAt !== undefined && Date.now() - Date.parse(input.createdAt) > 86_400_000;
    if (input.webhooks === false || (input.webhooks === undefined && pastDated)) return [];
    return this.dispatcher.emit(shop, events);
  }
}
