import {
  Banner,
  Card,
  EmptyState,
  IndexTable,
  SkeletonBodyText,
  type ComplexAction,
  type IndexTableProps,
} from '@shopify/polaris';
import type { ReactNode } from 'react';
import { isApiError } from './api';
import { LoadErrorBanner } from './states';

/** What the states need of a react-query result; `useQuery(…)`'s answer fits as it is. */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The placeholder's shape, taken from what replaces it so nothing jumps when the data arrives:
 * `lines` for text and forms, `table` for an IndexTable with the very headings the page shows
 * (and `above` it whatever the page puts on top of its table in the same card: tabs, a search).
 */
export type SkeletonShape =
  { lines: number } | { table: IndexTableProps['headings']; rows?: number; above?: ReactNode };

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** Who may see this page, in a sentence: shown when the gateway answers 403 or `allowed` says no. */
  forbidden: string;
  /** The page's own rule where it knows before the gateway does; false, or false for the data, shows `forbidden`. */
  allowed?: boolean | ((data: T) => boolean);
  /** "Die Coupons konnten nicht geladen werden": the error banner's title. */
  errorTitle: string;
  skeleton: SkeletonShape;
  /** When `when(data)` holds, Polaris' EmptyState with these words instead of the content. */
  empty?: { when: (data: T) => boolean; heading: string; text?: string; action?: ComplexAction };
  /** The page shows its content in a card of its own: the placeholder and the empty state get one too. */
  card?: boolean;
  /** Puts every state but the content into the page's frame (the content brings its own). */
  frame?: (state: ReactNode) => ReactNode;
  children: (data: T) => ReactNode;
}

const NO_PERMISSION = 'Keine Berechtigung';

/**
 * An empty sheet in Polaris' greys. EmptyState shows a grey disc until its image has loaded, so
 * it gets a real one, inline, so that nothing else has to be fetched or can fail.
 */
const EMPTY_IMAGE = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
    '<circle cx="48" cy="48" r="48" fill="#f1f1f1"/>' +
    '<rect x="30" y="22" width="36" height="48" rx="4" fill="#fff" stroke="#8a8a8a" stroke-width="3"/>' +
    '<path d="M38 36h20M38 45h20M38 54h12" stroke="#b5b5b5" stroke-width="3" stroke-linecap="round"/></svg>',
)}`;

const SKELETON_CELL = {
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  minWidth: '64px',
  minHeight: 'var(--p-font-line-height-500)',
} as const;

/** Placeholder rows in the page's own table, so headings and row heights stay where they will be. */
function SkeletonTable({ headings, rows }: { headings: IndexTableProps['headings']; rows: number }) {
  return (
    <IndexTable itemCount={rows} selectable={false} headings={headings}>
      {Array.from({ length: rows }, (_, row) => (
        <IndexTable.Row id={`skeleton-${row}`} key={row} position={row}>
          {headings.map((_, column) => (
            <IndexTable.Cell key={column}>
              {/* One line of body text high, as the row's text will be; the skeleton line alone is thinner. */}
              <div style={SKELETON_CELL}>
                <SkeletonBodyText lines={1} />
              </div>
            </IndexTable.Cell>
          ))}
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}

/** The placeholder of `shape`, as QueryState shows it while its query loads. */
export function ShapeSkeleton({ shape, card }: { shape: SkeletonShape; card: boolean }) {
  if ('table' in shape) {
    const table = (
      <>
        {shape.above}
        <SkeletonTable headings={shape.table} rows={shape.rows ?? 3} />
      </>
    );
    return card ? <Card padding="0">{table}</Card> : table;
  }
  const lines = <SkeletonBodyText lines={shape.lines} />;
  return card ? <Card>{lines}</Card> : lines;
}

/** Who may see the page, and the gateway's own reason when it says more than that. */
export function NoPermissionBanner({ who, error }: { who: string; error?: unknown }) {
  const reason = isApiError(error) && error.message !== who ? error.message : null;
  return (
    <Banner tone="warning" title={NO_PERMISSION}>
      <p>{who}</p>
      {reason ? <p>{reason}</p> : null}
    </Banner>
  );
}

/**
 * One answer to the question every page of the admin and partner areas asks before its content:
 * no permission (the page's rule, or a 403), failed (with "Erneut versuchen"), still loading
 * (a skeleton shaped like the content), empty (Polaris' EmptyState), or the content itself.
 * An error wins over data: a failed refetch is said, not hidden behind what was there before.
 */
export function QueryState<T>({
  query,
  forbidden,
  allowed = true,
  errorTitle,
  skeleton,
  empty,
  card = false,
  frame = (state) => state,
  children,
}: QueryStateProps<T>) {
  const { data, error } = query;
  const permitted = typeof allowed === 'function' ? data === undefined || allowed(data) : allowed;
  if (!permitted) return frame(<NoPermissionBanner who={forbidden} />);
  if (query.isError) {
    if (isApiError(error) && error.status === 403) return frame(<NoPermissionBanner who={forbidden} error={error} />);
    return frame(<LoadErrorBanner title={errorTitle} error={error} onRetry={() => void query.refetch()} />);
  }
  if (data === undefined) return frame(<ShapeSkeleton shape={skeleton} card={card} />);
  if (empty?.when(data)) {
    const state = (
      <EmptyState heading={empty.heading} image={EMPTY_IMAGE} action={empty.action}>
        {empty.text ? <p>{empty.text}</p> : null}
      </EmptyState>
    );
    return frame(card ? <Card>{state}</Card> : state);
  }
  return children(data);
}
