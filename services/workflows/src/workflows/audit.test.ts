import { describe, expect, it } from 'vitest';
import { Worker } from '@temporalio/worker';
import type { AuditActivities } from '../activities/audit';
import { monthlyAuditWorkflowId } from '../api';
import { testServerPerFile } from '../test-server';

// The server suggests continuing as new after 60 events instead of about 4,000, so a few shops are enough.
const server = testServerPerFile(['--dynamic-config-value', 'limit.historyCount.suggestContinueAsNew=60']);

describe('the monthly audit run', () => {
  it('hands over to a new run when the server suggests it, and audits every shop exactly once', async () => {
    const shops = Array.from({ length: 15 }, (_, i) => `laden-${String(i).padStart(2, '0')}.myshopify.com`);
    const audited: string[] = [];
    const activities: Pick<AuditActivities, 'auditShops' | 'runCompletenessAudit'> = {
      // Unsorted, as the database's collation may hand them over.
      auditShops: async () => [...shops].reverse(),
      async runCompletenessAudit(shopId) {
        audited.push(shopId);
        const none = { missing_invoice: 0, missing_credit: 0, duplicate: 0, total_mismatch: 0 };
        return { ...none, unlinked_credit: 0, unknown_order: 0 };
      },
    };
    const taskQueue = 'audit-run-test';
    const worker = await Worker.create({
      connection: server.env.nativeConnection,
      taskQueue,
      workflowBundle: server.bundle,
      activities,
    });
    await worker.runUntil(async () => {
      const handle = await server.env.client.workflow.start('completenessAuditRunWorkflow', {
        workflowId: 'completeness-audit-test',
        taskQueue,
        args: [{ month: '2026-10' }],
      });
      // result() follows the chain of runs to the last one.
      expect(await handle.result()).toBe(shops.length);
      const first = await server.env.client.workflow
        .getHandle(handle.workflowId, handle.firstExecutionRunId)
        .describe();
      expect(first.status.name).toBe('CONTINUED_AS_NEW');
      expect(audited).toEqual(shops);
      const child = await server.env.client.workflow
        .getHandle(monthlyAuditWorkflowId(shops[14]!, '2026-10'))
        .describe();
      expect(child.status.name).toBe('COMPLETED');
    });
  });
});
