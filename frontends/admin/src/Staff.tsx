import { isAdminShop, QueryState, type QueryLike, type Shop, type SkeletonShape } from '@belegfluss/frontend-kit';
import { STAFF_MESSAGES, STAFF_ROLE_LABELS, staffLabel } from '@belegfluss/shared';
import { Text } from '@shopify/polaris';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

/** Who may see the admin area: the people the operator lists by name, whatever their shop's permissions say. */
export const ADMIN_ONLY = STAFF_MESSAGES.notListed;

/**
 * Who is working in the admin area: their actions carry this name into the shops' logs. It stands at the end of a
 * page: it is known only once the session's shop has loaded, and anywhere above the content it would push that
 * down when it appears. It appears once the page's first answers are in, too: shown beside a skeleton, it would
 * move up when a shorter list replaces it (either a layout shift on every visit). Once shown it stays. `ready`
 * says so for a page whose own query is this line's ancestor's (its effects, which start the query, run after
 * this line's).
 */
export function StaffLine({ shop, ready = true }: { shop: Shop | undefined; ready?: boolean }) {
  const client = useQueryClient();
  const fetching = useIsFetching();
  const [settled, setSettled] = useState(false);
  const person = shop?.staff;
  useEffect(() => {
    // After the effects of the content before it, which start its queries: at render time they have not.
    if (!settled && person && ready && client.isFetching() === 0) setSettled(true);
  }, [settled, person, ready, fetching, client]);
  if (!person || !settled) return null;
  return (
    <Text as="p" tone="subdued">
      Angemeldet als {STAFF_ROLE_LABELS[person.role]}: {staffLabel(person)}
    </Text>
  );
}

/** The admin area's door: a placeholder while the session's shop loads, then the content only for listed staff. */
export function StaffGate({
  shop,
  skeleton,
  children,
}: {
  shop: QueryLike<Shop>;
  skeleton: SkeletonShape;
  children: (shop: Shop) => ReactNode;
}) {
  return (
    <QueryState
      query={shop}
      allowed={isAdminShop}
      forbidden={ADMIN_ONLY}
      errorTitle="Der Shop konnte nicht geladen werden"
      skeleton={skeleton}
      card
    >
      {children}
    </QueryState>
  );
}
