/** Relay connections over an in-memory list; cursors are base64 positions, opaque to clients. */
export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

const encode = (i: number) => Buffer.from(`cursor:${i}`).toString('base64');
const decode = (c: string | null | undefined) =>
  c ? Number(Buffer.from(c, 'base64').toString().split(':')[1]) : undefined;

export function connection<T>(items: T[], args: ConnectionArgs): Record<string, unknown> {
  let start = 0;
  let end = items.length;
  const after = decode(args.after);
  const before = decode(args.before);
  if (after !== undefined && !Number.isNaN(after)) start = after + 1;
  if (before !== undefined && !Number.isNaN(before)) end = before;
  if (args.first != null) end = Math.min(end, start + args.first);
  if (args.last != null) start = Math.max(start, end - args.last);
  const slice = items.slice(start, end).map((node, i) => ({ cursor: encode(start + i), node }));
  return {
    edges: slice,
    nodes: slice.map((e) => e.node),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice[0]?.cursor ?? null,
      endCursor: slice.at(-1)?.cursor ?? null,
    },
  };
}
