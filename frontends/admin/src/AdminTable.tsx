import { QueryState, type QueryLike } from '@belegfluss/frontend-kit';
import { Card, IndexTable, type IndexTableProps } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { ADMIN_ONLY } from './Staff';

/**
 * A list of the admin area as a table, with every state before it: a skeleton of this very table
 * while loading, no permission, a failed load with "Erneut versuchen", or an empty state.
 */
export function AdminTable<T, Item>({
  query,
  items,
  errorTitle,
  emptyHeading,
  resourceName,
  headings,
  row,
  card = false,
  loading,
}: {
  query: QueryLike<T>;
  items: (data: T) => Item[];
  errorTitle: string;
  emptyHeading: string;
  resourceName: { singular: string; plural: string };
  headings: IndexTableProps['headings'];
  row: (item: Item, index: number) => ReactNode;
  /** The table is a card of its own rather than part of one. */
  card?: boolean;
  /** A newer page is on its way while the last one shows. */
  loading?: boolean;
}) {
  return (
    <QueryState
      query={query}
      forbidden={ADMIN_ONLY}
      errorTitle={errorTitle}
      skeleton={{ table: headings }}
      card={card}
      empty={{ when: (data) => items(data).length === 0, heading: emptyHeading }}
    >
      {(data) => {
        const table = (
          <IndexTable
            resourceName={resourceName}
            itemCount={items(data).length}
            selectable={false}
            loading={loading}
            headings={headings}
          >
            {items(data).map(row)}
          </IndexTable>
        );
        return card ? <Card padding="0">{table}</Card> : table;
      }}
    </QueryState>
  );
}
