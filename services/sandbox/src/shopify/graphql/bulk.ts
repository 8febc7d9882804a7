import { randomInt } from 'node:crypto';
import { execute, Kind, parse, validate, type DocumentNode, type SelectionSetNode } from 'graphql';
import type { Sandbox } from '../../sandbox.js';
import type { GqlContext } from './context.js';
import { schema } from './schema.js';

/**
 * Shopify's bulk query operations: `bulkOperationRunQuery` starts one,
 * `currentBulkOperation` / `node(id:)` report it, and when COMPLETED its `url` serves the
 * result as JSONL: one line per node, nested connections' nodes as lines of their own with
 * `__parentId`. One bulk query runs per shop at a time. The results live in memory only,
 * as Shopify's expire after a week.
 */
export interface BulkOperation {
  __typename: 'BulkOperation';
  id: string;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELED';
  type: 'QUERY';
  errorCode: string | null;
  createdAt: string;
  completedAt: string | null;
  query: string;
  objectCount: string;
  rootObjectCount: string;
  fileSize: string | null;
  url: string | null;
  partialDataUrl: null;
}

const operations = new Map<string, BulkOperation[]>();
const results = new Map<string, string>();
const MAX_CONNECTIONS = 5;

type Json = Record<string, unknown>;
const userError = (message: string, code: 'INVALID' | 'OPERATION_IN_PROGRESS') => ({
  bulkOperation: null,
  userErrors: [{ field: ['query'], message, code }],
});

/** Counts connection fields (their type's name ends in Connection) and the deepest nesting of them. */
function connections(doc: DocumentNode): { count: number; depth: number } {
  let count = 0;
  let depth = 0;
  const walk = (set: SelectionSetNode | undefined, level: number) => {
    for (const sel of set?.selections ?? []) {
      if (sel.kind === Kind.INLINE_FRAGMENT) walk(sel.selectionSet, level);
      if (sel.kind !== Kind.FIELD || !sel.selectionSet) continue;
      const isConnection = sel.selectionSet.selections.some(
        (s) => s.kind === Kind.FIELD && (s.name.value === 'edges' || s.name.value === 'nodes'),
      );
      if (isConnection) {
        count++;
        depth = Math.max(depth, level + 1);
      }
      walk(sel.selectionSet, isConnection ? level + 1 : level);
    }
  };
  for (const def of doc.definitions) if (def.kind === Kind.OPERATION_DEFINITION) walk(def.selectionSet, 0);
  return { count, depth };
}

const isConnection = (v: unknown): v is { edges?: { node: Json }[]; nodes?: Json[] } =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  (Array.isArray((v as Json).edges) || Array.isArray((v as Json).nodes));
const nodesOf = (c: { edges?: { node: Json }[]; nodes?: Json[] }) => c.nodes ?? c.edges!.map((e) => e.node);

/** One JSONL line per node, nested connections flattened into lines that name their parent. */
function flatten(data: Json): { lines: string[]; roots: number } {
  const lines: string[] = [];
  let roots = 0;
  const emit = (node: Json, parentId: string | null) => {
    const own: Json = {};
    const nested: Json[][] = [];
    for (const [key, value] of Object.entries(node)) {
      if (isConnection(value)) nested.push(nodesOf(value));
      else own[key] = value;
    }
    lines.push(JSON.stringify(parentId ? { ...own, __parentId: parentId } : own));
    for (const children of nested) for (const child of children) emit(child, (node.id as string | undefined) ?? null);
  };
  for (const value of Object.values(data)) {
    if (!isConnection(value)) continue;
    for (const node of nodesOf(value)) {
      roots++;
      emit(node, null);
    }
  }
  return { lines, roots };
}

async function run(sb: Sandbox, ctx: GqlContext, op: BulkOperation, doc: DocumentNode, queryRoot: Json): Promise<void> {
  // CREATED, then RUNNING for a moment, as on Shopify where the export takes a while.
  await new Promise((r) => setTimeout(r, 20));
  op.status = 'RUNNING';
  await new Promise((r) => setTimeout(r, 50));
  while (sb.state.knobs.shopify.bulkHold) await new Promise((r) => setTimeout(r, 20));
  const result = await execute({ schema, document: doc, rootValue: queryRoot, contextValue: { ...ctx, bulk: true } });
  if (result.errors?.length || !result.data) {
    op.status = 'FAILED';
    op.errorCode = result.errors?.some((e) => e.extensions?.code === 'ACCESS_DENIED')
      ? 'ACCESS_DENIED'
      : 'INTERNAL_SERVER_ERROR';
    return;
  }
  const { lines, roots } = flatten(result.data as Json);
  const body = lines.length ? `${lines.join('\n')}\n` : '';
  results.set(op.id, body);
  Object.assign(op, {
    status: 'COMPLETED',
    completedAt: new Date().toISOString(),
    objectCount: String(lines.length),
    rootObjectCount: String(roots),
    fileSize: lines.length ? String(Buffer.byteLength(body)) : null,
    // Shopify gives no URL when the query found nothing.
    url: lines.length ? `${sb.urls.shopify}/bulk-results/${encodeURIComponent(op.id.split('/').pop()!)}.jsonl` : null,
  });
}

export function bulkOperationRunQuery(queryRoot: Json) {
  return ({ query }: { query: string; groupObjects?: boolean }, ctx: GqlContext) => {
    const list = operations.get(ctx.shop.domain) ?? [];
    if (list.some((o) => o.status === 'CREATED' || o.status === 'RUNNING')) {
      return userError(
        `A bulk query operation for this app and shop is already in progress: ${list.at(-1)!.id}.`,
        'OPERATION_IN_PROGRESS',
      );
    }
    let doc: DocumentNode;
    try {
      doc = parse(query);
    } catch (error) {
      return userError(`Invalid bulk query: ${(error as Error).message}`, 'INVALID');
    }
    const invalid = validate(schema, doc);
    if (invalid.length) return userError(`Invalid bulk query: ${invalid[0]!.message}`, 'INVALID');
    const shape = connections(doc);
    if (shape.count === 0) return userError('Bulk queries must contain at least one connection.', 'INVALID');
    if (shape.count > MAX_CONNECTIONS)
      return userError(`Bulk queries cannot contain more than ${MAX_CONNECTIONS} connections.`, 'INVALID');
    if (shape.depth > 2)
      return userError('Bulk queries cannot contain connections with a nesting depth greater than 2.', 'INVALID');
    const op: BulkOperation = {
      __typename: 'BulkOperation',
      id: `gid://shopify/BulkOperation/${randomInt(1e9, 9e9)}`,
      status: 'CREATED',
      type: 'QUERY',
      errorCode: null,
      createdAt: new Date().toISOString(),
      completedAt: null,
      query,
      objectCount: '0',
      rootObjectCount: '0',
      fileSize: null,
      url: null,
      partialDataUrl: null,
    };
    operations.set(ctx.shop.domain, [...list, op]);
    void run(ctx.sb, ctx, op, doc, queryRoot);
    return { bulkOperation: op, userErrors: [] };
  };
}

export const currentBulkOperation = ({ type }: { type?: string }, ctx: GqlContext) =>
  (type ?? 'QUERY') === 'QUERY' ? (operations.get(ctx.shop.domain)?.at(-1) ?? null) : null;

/** `node(id:)`: the sandbox knows bulk operations as nodes; other ids answer null. */
export const bulkNode = ({ id }: { id: string }, ctx: GqlContext) =>
  operations.get(ctx.shop.domain)?.find((o) => o.id === id) ?? null;

/** The JSONL file behind a completed operation's url. */
export function bulkResult(id: string): string | undefined {
  return results.get(`gid://shopify/BulkOperation/${id}`);
}
