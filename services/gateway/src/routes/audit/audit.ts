import type Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import {
  firstOrderAt,
  getAuditReport,
  getConnection,
  getShop,
  noteAuditRepairs,
  writeLog,
  type AuditReport,
} from '@belegfluss/db';
import {
  AUDIT_FINDING_LABELS,
  auditableMonths,
  auditCounts,
  auditCsv,
  auditFindingKey,
  auditRepairOf,
  type AuditFinding,
} from '@belegfluss/shared';
import { auditWorkflowId, backgroundTaskQueue, ShopDomainKey, type OrderRepair } from '@belegfluss/orchestration/api';
import { signalOrder } from '@belegfluss/orchestration/client';
import type { GatewayContext } from '../../context';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { body, validate } from '../../http';
import { sessionOf } from '../../middleware/session';
import { AuditStartBody, Month, RepairRequest } from './schema';
import { describeRoutes } from '../../route-list';

describeRoutes({
  'audit.start': '{month}: start the completeness audit of a closed month',
  'audit.get': "The month's audit report",
  'audit.repair': '{keys|all, confirm}: repair the chosen findings',
  'audit.csv': 'The report as CSV',
});

export const AUDIT_MESSAGES = {
  noClosedMonth:
    'Prüfen lassen sich nur abgeschlossene Monate. Der erste ist nach dem Ende dieses Monats an der Reihe.',
  outOfRange: (first: string, last: string) =>
    `Prüfen lassen sich nur abgeschlossene Monate ab der ersten Bestellung oder der Installation, hier ${germanMonth(first)} bis ${germanMonth(last)}.`,
  running: 'Für diesen Shop läuft bereits eine Prüfung. Bitte warte, bis sie fertig ist, und starte dann die nächste.',
  notConnected: 'Verbinde zuerst Lexware Office, dann lässt sich die Vollständigkeit prüfen.',
  none: 'Für diesen Monat gibt es noch keinen Prüfbericht.',
  unknownFinding: 'Diesen Befund gibt es im aktuellen Prüfbericht nicht. Bitte lade die Seite neu.',
  nothingChosen: 'Bitte wähle mindestens einen Befund aus.',
  confirm:
    'Für doppelte Rechnungen und abweichende Beträge erstellt Belegfluss je eine Gutschrift in Lexware Office. Bitte bestätige die Korrektur.',
} as const;

/** The order workflow's part of a finding's repair; which findings have one, and which kind, is auditRepairOf. */
function repairOf(f: AuditFinding): OrderRepair | null {
  const action = auditRepairOf(f);
  if (!action || !f.orderId) return null;
  const common = { orderId: f.orderId, key: auditFindingKey(f) };
  if (action === 'close') return f.lexwareId ? { ...common, action, lexwareId: f.lexwareId } : null;
  if (f.kind === 'missing_invoice') return { ...common, action, type: 'invoice' };
  return f.refundId ? { ...common, action, type: 'credit', refundId: Number(f.refundId) } : null;
}

/** The report as the page shows it: each finding with its key, label, repair and when a repair was asked for. */
const reportView = (report: AuditReport) => ({
  ...report,
  counts: auditCounts(report.findings),
  findings: report.findings.map((f) => {
    const key = auditFindingKey(f);
    return {
      ...f,
      key,
      label: AUDIT_FINDING_LABELS[f.kind],
      repair: repairOf(f)?.action ?? null,
      repairRequestedAt: report.repairs[key] ?? null,
    };
  }),
});

/** 2025-03 as the merchant reads it: 03/2025. */
const germanMonth = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`;

/**
 * The completeness audit, on demand for a closed month of the shop's own (auditableMonths):
 *   POST /api/audits {month}        starts the shop's audit of that month (workflow audit:{shop}, on the background
 *                                   queue) → 202; 409 while any audit of the shop runs
 *   GET  /api/audits/{month}        {status: running|done|none, report: {orders, vouchers, counts, findings[] with label, finishedAt}}
 *   GET  /api/audits/{month}/csv    the findings as CSV (semicolons, decimal commas)
 *   POST /api/audits/{month}/repair {keys[] | all, confirm} hands each finding's repair to its order workflow → 202
 *                                   {requested, manual}; 409 CONFIRM_REQUIRED when a credit note would be made unconfirmed
 */
export function auditRoutes(gw: GatewayContext, api: Router): void {
  api.post('audit.start', '/api/audits', async (ctx) => {
    const { month } = await body(ctx, AuditStartBody);
    const shop = sessionOf(ctx).shop;
    const row = await getShop(gw.db, shop);
    if (!row) throw NotFound();
    const firstOrder = await firstOrderAt(gw.db, shop);
    const { first, last } = auditableMonths(
      { installedAt: row.installedAt.toISOString(), firstOrderAt: firstOrder?.toISOString() ?? null },
      new Date().toISOString(),
    );
    if (first > last) throw BadRequest(AUDIT_MESSAGES.noClosedMonth, 'month');
    if (month < first || month > last) throw BadRequest(AUDIT_MESSAGES.outOfRange(first, last), 'month');
    if (!(await getConnection(gw.db, shop))) throw BadRequest(AUDIT_MESSAGES.notConnected);
    const workflowId = auditWorkflowId(shop);
    try {
      await gw.temporal.workflow.start('completenessAuditWorkflow', {
        workflowId,
        taskQueue: backgroundTaskQueue(gw.settings.taskQueue),
        args: [{ shopId: shop, month }],
        memo: { month },
        workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE,
        typedSearchAttributes: new TypedSearchAttributes([{ key: ShopDomainKey, value: shop }]),
      });
    } catch (error) {
      if (error instanceof WorkflowExecutionAlreadyStartedError)
        throw Conflict('AUDIT_RUNNING', AUDIT_MESSAGES.running);
      throw error;
    }
    ctx.status = 202;
    ctx.body = { month, workflowId, status: 'running' };
  });

  api.get('audit.get', '/api/audits/:month', async (ctx) => {
    const month = validate(Month, ctx.params.month);
    const shop = sessionOf(ctx).shop;
    const running = await gw.temporal.workflow
      .getHandle(auditWorkflowId(shop))
      .describe()
      .then((d) => d.status.name === 'RUNNING' && d.memo?.month === month)
      .catch(() => false);
    const report = await getAuditReport(gw.db, shop, month);
    ctx.body = {
      month,
      status: running ? 'running' : report ? 'done' : 'none',
      report: report ? reportView(report) : null,
    };
  });

  api.post('audit.repair', '/api/audits/:month/repair', async (ctx) => {
    const month = validate(Month, ctx.params.month);
    const input = await body(ctx, RepairRequest);
    const shop = sessionOf(ctx).shop;
    const report = await getAuditReport(gw.db, shop, month);
    if (!report) throw NotFound(AUDIT_MESSAGES.none);
    const byKey = new Map(report.findings.map((f) => [auditFindingKey(f), f]));
    const unknown = (input.keys ?? []).find((k) => !byKey.has(k));
    if (unknown !== undefined) throw BadRequest(AUDIT_MESSAGES.unknownFinding, 'keys');
    const chosen = input.all ? report.findings : (input.keys ?? []).map((k) => byKey.get(k)!);
    if (chosen.length === 0) throw BadRequest(AUDIT_MESSAGES.nothingChosen, 'keys');
    const repairs = chosen.flatMap((f) => repairOf(f) ?? []);
    if (repairs.some((r) => r.action === 'close') && input.confirm !== true)
      throw Conflict('CONFIRM_REQUIRED', AUDIT_MESSAGES.confirm);
    for (const repair of repairs)
      await signalOrder(
        gw.temporal,
        gw.settings.taskQueue,
        { shopId: shop, orderId: repair.orderId, orderName: byKey.get(repair.key)!.orderName },
        { shopify: { topic: 'audit/repair', webhookId: `repair:${month}:${repair.key}`, repair } },
      );
    await noteAuditRepairs(
      gw.db,
      shop,
      month,
      repairs.map((r) => r.key),
    );
    await writeLog(gw.db, {
      shopId: shop,
      origin: 'shop',
      event: 'audit.repair_requested',
      status: 'info',
      body: {
        month,
        requested: repairs.length,
        kinds: repairs.map((r) => byKey.get(r.key)!.kind),
        message: `${repairs.length} Korrektur(en) aus der Vollständigkeitsprüfung ${month} angestoßen.`,
      },
    });
    ctx.status = 202;
    ctx.body = { month, requested: repairs.length, manual: chosen.length - repairs.length };
  });

  api.get('audit.csv', '/api/audits/:month/csv', async (ctx) => {
    const month = validate(Month, ctx.params.month);
    const report = await getAuditReport(gw.db, sessionOf(ctx).shop, month);
    if (!report) throw NotFound(AUDIT_MESSAGES.none);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="vollstaendigkeit-${month}.csv"`);
    ctx.body = `\uFEFF${auditCsv(report.findings)}`;
  });
}
