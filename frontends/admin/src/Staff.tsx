import {
  isAdminShop,
  QueryState,
  staffLineText,
  StaffLineView,
  type QueryLike,
  type Shop,
  type SkeletonShape,
} from '@belegfluss/frontend-kit';
import { STAFF_MESSAGES, STAFF_ROLE_LABELS, staffLabel } from '@belegfluss/shared';
import type { ReactNode } from 'react';

/** Who may see the admin area: the people the operator lists by name, whatever their shop's permissions say. */
export const ADMIN_ONLY = STAFF_MESSAGES.notListed;

/**
 * Who is working in the admin area: their actions carry this name into the shops' logs. At the top of each page,
 * a line of skeleton until the session's shop is known (`undefined`).
 */
export function StaffLine({ shop }: { shop: Shop | undefined }) {
  const person = shop?.staff;
  return (
    <StaffLineView
      text={shop === undefined ? undefined : person ? staffLineText(person, STAFF_ROLE_LABELS, staffLabel) : null}
    />
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
