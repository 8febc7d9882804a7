/**
 * Evaluated once per worker thread, before any workflow, and shared by every workflow after that
 * (`bundlerOptions.preloadModules`, see `workflowSource` in ../worker.ts).
 *
 * Without it, each workflow evaluated zod anew in its own sandbox: about 25 ms of CPU for every order
 * workflow started or brought back into the cache. Shared modules are deep-frozen once this
 * has run, so this also does, now, everything zod would otherwise do lazily to its module-level
 * objects on first use; a workflow doing it later would throw "object is not extensible":
 * - the default locale and memoizer that the first schema built registers in zod's global config;
 * - `jitless`: the schemas are built per workflow and parsed a few times each, so compiling a fast
 *   path for every object schema with `new Function` costs more than it saves; it also settles zod's
 *   cached "may we eval" probe, which is then never read.
 *
 * Only zod itself and the rules' Europe/Berlin formatters are shared, never our schemas: a schema's members
 * materialise on the instance on first read, which a frozen instance cannot take.
 */
import { z } from 'zod';
// The Europe/Berlin formatters of the rules, made once per worker thread instead of once per workflow.
import '@belegfluss/shared/berlin-clock';

z.config({ jitless: true });

const warmUp = z.object({
  text: z.string().trim().email().optional(),
  count: z.number().int().min(0).default(0),
  list: z.array(z.union([z.boolean(), z.string().regex(/^x$/)])).default([]),
  choice: z.enum(['a', 'b']).nullable().default(null),
  flag: z.preprocess((v) => (v === 'all' ? true : v), z.boolean()).prefault(true),
  nested: z.object({ value: z.literal('v').transform(() => 1) }).partial(),
});
warmUp.parse({ text: ' a@b.de ', list: [true, 'x'], nested: { value: 'v' } });
warmUp.safeParse({ text: 'nope', count: -1, list: [1], choice: 'c', nested: { value: 0 } });

/*
 * Four frames of stack per error in workflow code (V8's default is ten). The SDK's promise hook takes a stack, and
 * maps it through the bundle's source map, for every promise a workflow makes, so that its stack trace query can
 * say where each await waits (SDK issue #1587). Two of the frames are the hook's own. The two left still name the
 * await in our code (order.test.ts checks that the Temporal UI's stack trace shows `orderWorkflow`), and an error
 * keeps the four frames where it was thrown. Measured with e2e/bench/settle.ts, 3,000 waiting orders:
 * worker CPU per order 27.9 → 23.2 ms, orders settled per second 33.2 → 37.7.
 */
Error.stackTraceLimit = 4;
