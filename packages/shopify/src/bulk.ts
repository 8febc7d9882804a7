import type { AdminClient } from './admin';
import { ADMIN_DOCUMENTS } from './documents';

/**
 * Shopify's bulk query operations: start one with `bulkOperationRunQuery`,
 * poll `node(id:)` until it is COMPLETED, then read the JSONL file at its `url`. A shop runs
 * one bulk query at a time; a start that finds one running (a retried start) takes that one.
 */
export interface BulkOperationStatus {
  id: string;
  status: 'CANCELED' | 'CANCELING' | 'COMPLETED' | 'CREATED' | 'EXPIRED' | 'FAILED' | 'RUNNING';
  errorCode: string | null;
  objectCount: string;
  rootObjectCount: string;
  url: string | null;
}

export async function startBulkQuery(graphql: AdminClient, query: string): Promise<BulkOperationStatus> {
  const data: {
    bulkOperationRunQuery: {
      bulkOperation: BulkOperationStatus | null;
      userErrors: { message: string; code: string | null }[];
    };
  } = await graphql(ADMIN_DOCUMENTS.RunBulk, { query });
  const { bulkOperation, userErrors } = data.bulkOperationRunQuery;
  if (bulkOperation) return bulkOperation;
  if (userErrors.some((e) => e.code === 'OPERATION_IN_PROGRESS')) {
    const current: { currentBulkOperation: (BulkOperationStatus & { query: string }) | null } = await graphql(
      ADMIN_DOCUMENTS.CurrentBulk,
    );
    // Ours when it runs the same query (a retried start); someone else's otherwise: try again later.
    if (current.currentBulkOperation?.query === query) return current.currentBulkOperation;
  }
  throw new Error(`bulkOperationRunQuery: ${userErrors.map((e) => `${e.code}: ${e.message}`).join('; ')}`);
}

export async function bulkQueryStatus(graphql: AdminClient, id: string): Promise<BulkOperationStatus> {
  const data: { node: BulkOperationStatus | null } = await graphql(ADMIN_DOCUMENTS.BulkStatus, { id });
  if (!data.node) throw new Error(`Bulk operation ${id} not found`);
  return data.node;
}

/** The result file, one object a line; nested connections' nodes carry `__parentId`. */
export async function readBulkResult(url: string): Promise<Record<string, unknown>[]> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Bulk result ${res.status}`);
  return (await res.text())
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
