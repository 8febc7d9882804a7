import type { Db } from '../connection';
import { fromRow } from '../rows';

/** The connect wizard's import of one shop (orders, then the Lexware documents linked to them), as the gateway reports it. */
export interface WizardImport {
  shopId: string;
  workflowId: string;
  status: 'running' | 'completed' | 'failed';
  orders: number;
  documents: number;
  linked: number;
}

const wizardImportFromRow = (r: Record<string, unknown>): WizardImport =>
  fromRow<WizardImport>(r, ['shop_id', 'workflow_id', 'status', 'orders', 'documents', 'linked']);

export async function getWizardImport(db: Db, shopId: string): Promise<WizardImport | undefined> {
  const row = await db('wizard_imports').where({ shop_id: shopId }).first();
  return row ? wizardImportFromRow(row) : undefined;
}

/** Starts a new run unless one is running: the one running is returned instead. */
export async function claimWizardImport(
  db: Db,
  shopId: string,
  workflowId: string,
): Promise<{ claimed: boolean; run: WizardImport }> {
  const rows = await db('wizard_imports')
    .insert({ shop_id: shopId, workflow_id: workflowId, status: 'running', orders: 0, documents: 0, linked: 0 })
    .onConflict('shop_id')
    .merge({
      workflow_id: workflowId,
      status: 'running',
      orders: 0,
      documents: 0,
      linked: 0,
      started_at: db.fn.now(),
      finished_at: null,
    })
    .where('wizard_imports.status', '<>', 'running')
    .returning('*');
  if (rows.length > 0) return { claimed: true, run: wizardImportFromRow(rows[0]) };
  return { claimed: false, run: (await getWizardImport(db, shopId))! };
}

export async function finishWizardImport(
  db: Db,
  shopId: string,
  workflowId: string,
  result: { status: 'completed' | 'failed'; orders: number; documents: number; linked: number },
): Promise<void> {
  await db('wizard_imports')
    .where({ shop_id: shopId, workflow_id: workflowId })
    .update({ ...result, finished_at: db.fn.now() });
}
