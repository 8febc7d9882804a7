import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { buildWorkflowBundle } from './worker';

/**
 * Writes the workflow bundle to the file given as argument, for WORKFLOW_BUNDLE (see bundleWorkflows in worker.ts):
 * the production image runs it at build time, and scripts/test.sh once per test run.
 */
const out = process.argv[2];
if (!out) {
  console.error('Aufruf: bundle.ts <Zieldatei>');
  process.exit(2);
}
const { code } = await buildWorkflowBundle();
await mkdir(dirname(resolve(out)), { recursive: true });
await writeFile(out, code);
console.log(`Workflow-Code gebündelt: ${out} (${Math.round(code.length / 1024)} KiB)`);
