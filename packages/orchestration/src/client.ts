/**
 * The client side of the product's recurring work, for the gateway and the worker alike:
 * each shop's billing workflow and the Schedules (never imported by workflow code).
 */
import {
  ScheduleAlreadyRunning,
  ScheduleOverlapPolicy,
  WithStartWorkflowOperation,
  WorkflowExecutionAlreadyStartedError,
  WorkflowUpdateStage,
  type Client,
  type WorkflowUpdateHandle,
} from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import {
  AUDIT_SCHEDULE_ID,
  backgroundTaskQueue,
  billingChangedSignal,
  billingWorkflowId,
  cancelInvoiceUpdate,
  HOUSEKEEPING_SCHEDULE_ID,
  lexwareEventSignal,
  OrderNameKey,
  orderWorkflowId,
  PAYOUT_SCHEDULE_ID,
  shopifyEventSignal,
  ShopDomainKey,
  type CancelInvoiceOutcome,
  type CancelInvoiceRequest,
  type LexwareEvent,
  type OrderWorkflowInput,
  type ShopifyEvent,
} from './api';

const billingStart = (taskQueue: string, shopId: string) => ({
  workflowId: billingWorkflowId(shopId),
  taskQueue,
  args: [{ shopId }] as [{ shopId: string }],
  typedSearchAttributes: new TypedSearchAttributes([{ key: ShopDomainKey, value: shopId }]),
});

/** Starts the shop's billing workflow unless it runs already; true when it was started. */
export async function ensureBillingWorkflow(temporal: Client, taskQueue: string, shopId: string): Promise<boolean> {
  try {
    await temporal.workflow.start('billingWorkflow', billingStart(taskQueue, shopId));
    return true;
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw error;
  }
}

/** Wakes the shop's billing workflow (starting it if needed): the plan, Shopify's cycle or the bought import changed. */
export async function nudgeBilling(temporal: Client, taskQueue: string, shopId: string, reason: string): Promise<void> {
  await temporal.workflow.signalWithStart('billingWorkflow', {
    ...billingStart(taskQueue, shopId),
    signal: billingChangedSignal,
    signalArgs: [reason],
  });
}

/** What an order workflow can be told: a Shopify event (webhook, import, resume) or a Lexware event. */
export type OrderSignal = { shopify: ShopifyEvent } | { lexware: LexwareEvent };

type OrderRef = { shopId: string; orderId: string | number; orderName?: string | null };

/** The one place that names the order workflow's type, its id, its start arguments and its search attributes. */
function orderStart(taskQueue: string, order: OrderRef, imported: boolean) {
  const { shopId } = order;
  const orderId = String(order.orderId);
  return {
    workflowId: orderWorkflowId(shopId, orderId),
    taskQueue,
    args: [{ shopId, orderId }] as [OrderWorkflowInput],
    // Temporal hands out the tasks of many shops in turn (task queue fairness), so one shop's backlog never
    // starves another shop's live orders; an order an import brings (the historical one, or the wizard's on
    // activation) waits behind every live one (3 is the default priority, higher numbers come later). The
    // workflow's activities inherit both.
    priority: { fairnessKey: shopId, ...(imported ? { priorityKey: 4 } : {}) },
    typedSearchAttributes: new TypedSearchAttributes([
      { key: ShopDomainKey, value: shopId },
      ...(order.orderName ? [{ key: OrderNameKey, value: order.orderName }] : []),
    ]),
  };
}

/** Hands one event to the order's workflow, starting it if needed (a finished workflow starts anew). */
export async function signalOrder(
  temporal: Client,
  taskQueue: string,
  order: OrderRef,
  event: OrderSignal,
): Promise<void> {
  const common = orderStart(taskQueue, order, 'shopify' in event && Boolean(event.shopify.origin));
  if ('shopify' in event)
    await temporal.workflow.signalWithStart('orderWorkflow', {
      ...common,
      signal: shopifyEventSignal,
      signalArgs: [event.shopify],
    });
  else
    await temporal.workflow.signalWithStart('orderWorkflow', {
      ...common,
      signal: lexwareEventSignal,
      signalArgs: [event.lexware],
    });
}

/**
 * Asks the order's workflow to cancel one of its invoices, starting the workflow if it has ended. The returned
 * handle's result is the outcome once the credit note exists (or why none was made); the workflow has accepted
 * the request when this returns, so it is carried out even if nobody waits for the answer.
 */
export async function askOrderToCancel(
  temporal: Client,
  taskQueue: string,
  order: OrderRef,
  request: CancelInvoiceRequest,
): Promise<WorkflowUpdateHandle<CancelInvoiceOutcome>> {
  return temporal.workflow.startUpdateWithStart(cancelInvoiceUpdate, {
    args: [request],
    waitForStage: WorkflowUpdateStage.ACCEPTED,
    startWorkflowOperation: new WithStartWorkflowOperation('orderWorkflow', {
      ...orderStart(taskQueue, order, false),
      workflowIdConflictPolicy: 'USE_EXISTING',
    }),
  });
}

/**
 * The Schedules, created once (visible and pausable with `temporal schedule list|toggle|trigger`):
 * the partner payout run on the 1st of each month, 06:00 Europe/Berlin, and the daily
 * housekeeping (retention, expired OAuth states, billing workflows) at 03:30.
 */
export async function ensureSchedules(temporal: Client, taskQueue: string): Promise<string[]> {
  const made: string[] = [];
  const create = async (opts: Parameters<Client['schedule']['create']>[0]) => {
    try {
      await temporal.schedule.create(opts);
      made.push(opts.scheduleId);
    } catch (error) {
      if (!(error instanceof ScheduleAlreadyRunning)) throw error;
      // A Schedule made by an older version keeps its pause state, but starts what this version starts.
      const handle = temporal.schedule.getHandle(opts.scheduleId);
      const { action } = await handle.describe();
      if (
        action.type === 'startWorkflow' &&
        opts.action.type === 'startWorkflow' &&
        (action.workflowType !== opts.action.workflowType || action.taskQueue !== opts.action.taskQueue)
      )
        await handle.update((prev) => ({ ...prev, action: opts.action }));
    }
  };
  await create({
    scheduleId: PAYOUT_SCHEDULE_ID,
    spec: { calendars: [{ dayOfMonth: 1, hour: 6, minute: 0 }], timezone: 'Europe/Berlin' },
    action: {
      type: 'startWorkflow',
      // It starts the month's run under its own id (payout-run:{YYYY-MM-01}) and ends at once.
      workflowType: 'payoutScheduleWorkflow',
      workflowId: 'payout-schedule',
      taskQueue: backgroundTaskQueue(taskQueue),
      args: [],
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '7 days' },
    state: {
      note: 'Partner-Auszahlungen: am 1. jedes Monats (Europe/Berlin); pausieren mit `temporal schedule toggle --pause`',
    },
  });
  await create({
    scheduleId: HOUSEKEEPING_SCHEDULE_ID,
    spec: { calendars: [{ hour: 3, minute: 30 }], timezone: 'Europe/Berlin' },
    action: {
      type: 'startWorkflow',
      workflowType: 'housekeepingWorkflow',
      workflowId: 'housekeeping',
      taskQueue,
      args: [],
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '1 day' },
    state: { note: 'Täglich: Protokoll-Aufbewahrung nach Tarif, abgelaufene OAuth-States, Abrechnungs-Workflows' },
  });
  await create({
    scheduleId: AUDIT_SCHEDULE_ID,
    spec: { calendars: [{ dayOfMonth: 2, hour: 4, minute: 0 }], timezone: 'Europe/Berlin' },
    action: {
      type: 'startWorkflow',
      workflowType: 'completenessAuditRunWorkflow',
      workflowId: 'completeness-audit',
      taskQueue: backgroundTaskQueue(taskQueue),
      args: [{}],
    },
    policies: { overlap: ScheduleOverlapPolicy.SKIP, catchupWindow: '7 days' },
    state: {
      note: 'Vollständigkeitsprüfung: am 2. jedes Monats (Europe/Berlin) der abgeschlossene Vormonat jedes Shops',
    },
  });
  return made;
}
