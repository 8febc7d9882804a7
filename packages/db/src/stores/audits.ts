import type { AuditFinding } from '@belegfluss/shared';
import type { Db } from '../connection';
import type { DocumentType } from './documents';
import { fromRow, isoOf } from '../rows';

export interface AuditReport {
  month: string;
  orders: number;
  vouchers: number;
  findings: AuditFinding[];
  /** Orders of the month due no documents, by the order workflow's skip reason (SKIP_DATE, TOO_OLD, ...). */
  notCounted: Record<string, number>;
  finishedAt: string;
  /** Repairs asked for since this run: finding key → ISO time. */
  repairs: Record<string, string>;
}

/** The latest run of a month replaces the one before: the report always answers for today. */
export async function saveAuditReport(
  db: Db,
  shopId: string,
  report: Omit<AuditReport, 'finishedAt' | 'repairs' | 'notCounted'> & { notCounted?: AuditReport['notCounted'] },
): Promise<void> {
  await db('completeness_audits')
    .insert({
      shop_id: shopId,
      month: report.month,
      orders: report.orders,
      vouchers: report.vouchers,
      findings: JSON.stringify(report.findings),
      not_counted: JSON.stringify(report.notCounted ?? {}),
      repairs: '{}',
      finished_at: db.fn.now(),
    })
    .onConflict(['shop_id', 'month'])
    .merge();
}

const AUDIT_REPORT_COLUMNS = [
  'month',
  'orders',
  'vouchers',
  'findings',
  'not_counted',
  'finished_at',
  'repairs',
] as const;
const auditReportFromRow = (r: Record<string, unknown>): AuditReport => {
  const row = fromRow<
    Omit<AuditReport, 'finishedAt' | 'repairs' | 'notCounted'> & {
      finishedAt: Date;
      repairs: AuditReport['repairs'] | null;
      notCounted: AuditReport['notCounted'] | null;
    }
  >(r, AUDIT_REPORT_COLUMNS);
  return { ...row, notCounted: row.notCounted ?? {}, finishedAt: isoOf(row.finishedAt), repairs: row.repairs ?? {} };
};

export async function getAuditReport(db: Db, shopId: string, month: string): Promise<AuditReport | undefined> {
  const r = await db('completeness_audits').where({ shop_id: shopId, month }).first();
  return r ? auditReportFromRow(r) : undefined;
}

/** Notes the repairs asked for on the month's report (a new run of the audit starts with none). */
export async function noteAuditRepairs(db: Db, shopId: string, month: string, keys: readonly string[]): Promise<void> {
  const at = new Date().toISOString();
  const added = JSON.stringify(Object.fromEntries(keys.map((k) => [k, at])));
  await db('completeness_audits')
    .where({ shop_id: shopId, month })
    .update({ repairs: db.raw('repairs || ?::jsonb', [added]) });
}

/** Our documents by Lexware id, for telling our vouchers from ones made by hand. */
export async function ourDocumentsByLexwareId(
  db: Db,
  shopId: string,
): Promise<Map<string, { orderId: string; intentKey: string; type: DocumentType }>> {
  const rows = await db('documents')
    .where({ shop_id: shopId })
    .whereNotNull('lexware_id')
    .select('lexware_id', 'order_id', 'intent_key', 'type');
  return new Map(
    rows.map((r: { lexware_id: string; order_id: string; intent_key: string; type: DocumentType }) => [
      r.lexware_id,
      { orderId: r.order_id, intentKey: r.intent_key, type: r.type },
    ]),
  );
}

/** The shop's known orders by name (#1001 → id), for vouchers that name an order in their texts. */
export async function orderIdsByName(db: Db, shopId: string, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db('orders')
    .where({ shop_id: shopId })
    .whereIn('name', names as string[])
    .select('name', 'order_id');
  return new Map(rows.map((r: { name: string; order_id: string }) => [r.name, r.order_id]));
}
