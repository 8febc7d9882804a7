import type Router from '@koa/router';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/client';
import { TypedSearchAttributes } from '@temporalio/common';
import { z } from 'zod';
import { getAuditReport, getConnection } from '@belegfluss/db';
import { AUDIT_FINDING_LABELS, auditCounts, auditCsv, germanDay } from '@belegfluss/shared';
import { auditWorkflowId, ShopDomainKey } from '@belegfluss/orchestration/api';
import type { GatewayContext } from '../../context';
import { BadRequest, Conflict, NotFound } from '../../errors';
import { body, validate } from '../../http';
import { sessionOf } from '../../middleware/session';

export const AUDIT_MESSAGES = {
  month: 'Bitte wähle einen Monat im Format JJJJ-MM.',
  future: 'Dieser Monat liegt in der Zukunft und lässt sich noch nicht prüfen.',
  running: 'Die Prüfung dieses Monats läuft bereits.',
  notConnected: 'Verbinde zuerst Lexware Office, dann lässt sich die Vollständigkeit prüfen.',
  none: 'Für diesen Monat gibt es noch keinen Prüfbericht.',
} as const;

const Month = z.string({ error: AUDIT_MESSAGES.month }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, AUDIT_MESSAGES.month);

/**
 * The completeness audit (issue 19 §2), on demand for any month up to the current one:
 *   POST /api/audits {month}        starts the shop's audit of that month (workflow audit:{shop}:{month}) → 202; 409 while it runs
 *   GET  /api/audits/{month}        {status: running|done|none, report: {orders, vouchers, counts, findings[] with label, finishedAt}}
 *   GET  /api/audits/{month}/csv    the findings as CSV (semicolons, decimal commas)
 */
export function auditRoutes(gw: GatewayContext, api: Router): void {
  api.post('/api/audits', async (ctx) => {
    const { month } = await body(ctx, z.object({ month: Month }));
    const shop = sessionOf(ctx).shop;
    if (month > germanDay(new Date().toISOString()).slice(0, 7)) throw BadRequest(AUDIT_MESSAGES.future, 'month');
    if (!(await getConnection(gw.db, shop))) throw BadRequest(AUDIT_MESSAGES.notConnected);
    const workflowId = auditWorkflowId(shop, month);
    try {
      await gw.temporal.workflow.start('completenessAuditWorkflow', {
        workflowId,
        taskQueue: gw.settings.taskQueue,
        args: [{ shopId: shop, month }],
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

  api.get('/api/audits/:month', async (ctx) => {
    const month = validate(Month, ctx.params.month);
    const shop = sessionOf(ctx).shop;
    const running = await gw.temporal.workflow
      .getHandle(auditWorkflowId(shop, month))
      .describe()
      .then((d) => d.status.name === 'RUNNING')
      .catch(() => false);
    const report = await getAuditReport(gw.db, shop, month);
    ctx.body = {
      month,
      status: running ? 'running' : report ? 'done' : 'none',
      report: report
        ? {
            ...report,
            counts: auditCounts(report.findings),
            findings: report.findings.map((f) => ({ ...f, label: AUDIT_FINDING_LABELS[f.kind] })),
          }
        : null,
    };
  });

  api.get('/api/audits/:month/csv', async (ctx) => {
    const month = validate(Month, ctx.params.month);
    const report = await getAuditReport(gw.db, sessionOf(ctx).shop, month);
    if (!report) throw NotFound(AUDIT_MESSAGES.none);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="vollstaendigkeit-${month}.csv"`);
    ctx.body = `\uFEFF${auditCsv(report.findings)}`;
  });
}
