import { afterAll, beforeAll } from 'vitest';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import type { WorkflowBundle } from '@temporalio/worker';
import { SEARCH_ATTRIBUTES } from './api';
import { bundleWorkflows } from './worker';
import { quietTemporal } from './testing';

/**
 * The Temporal dev server from the project's venv, with the search attributes the workflows set (tests only);
 * `extraArgs` pass flags such as `--dynamic-config-value` to it.
 */
export async function localTestServer(extraArgs: string[] = []): Promise<TestWorkflowEnvironment> {
  const path = process.env.TEMPORAL_CLI_PATH;
  if (!path) throw new Error('TEMPORAL_CLI_PATH is not set: run the tests with `npm test`.');
  return TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'existing-path', path }, searchAttributes: SEARCH_ATTRIBUTES, extraArgs },
  });
}

/** One dev server and one bundle of the workflow code for a whole test file, torn down after it. */
export function testServerPerFile(extraArgs: string[] = []): { env: TestWorkflowEnvironment; bundle: WorkflowBundle } {
  const file = {} as { env: TestWorkflowEnvironment; bundle: WorkflowBundle };
  beforeAll(async () => {
    quietTemporal();
    [file.bundle, file.env] = await Promise.all([bundleWorkflows(), localTestServer(extraArgs)]);
  });
  afterAll(async () => {
    await file.env?.teardown();
  });
  return file;
}
