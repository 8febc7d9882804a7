import { Kind, type DocumentNode, type FieldNode, type SelectionSetNode, type ValueNode } from 'graphql';

function argInt(field: FieldNode, name: string, variables: Record<string, unknown>): number | undefined {
  const arg = field.arguments?.find((a) => a.name.value === name);
  if (!arg) return undefined;
  const v: ValueNode = arg.value;
  if (v.kind === Kind.INT) return Number(v.value);
  if (v.kind === Kind.VARIABLE) {
    const value = variables[v.name.value];
    return typeof value === 'number' ? value : undefined;
  }
  return undefined;
}

/**
 * Shopify's requested-cost rule, simplified: an object costs 1, a scalar 0, a connection costs 2
 * plus `first`/`last` times the cost of one node, and a mutation costs 10.
 */
function selectionCost(set: SelectionSetNode | undefined, variables: Record<string, unknown>): number {
  if (!set) return 0;
  let total = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.INLINE_FRAGMENT) total += selectionCost(sel.selectionSet, variables);
    if (sel.kind !== Kind.FIELD || !sel.selectionSet) continue;
    const n = argInt(sel, 'first', variables) ?? argInt(sel, 'last', variables);
    const inner = selectionCost(sel.selectionSet, variables);
    total += n !== undefined ? 2 + n * Math.max(1, inner) : 1 + inner;
  }
  return total;
}

export function requestedCost(doc: DocumentNode, variables: Record<string, unknown>): number {
  let total = 0;
  for (const def of doc.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    total +=
      def.operation === 'mutation'
        ? 10 + selectionCost(def.selectionSet, variables)
        : selectionCost(def.selectionSet, variables);
  }
  return total;
}
