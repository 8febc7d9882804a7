import type { Shop } from '@belegfluss/frontend-kit';
import { STAFF_MESSAGES, STAFF_ROLE_LABELS, staffLabel } from '@belegfluss/shared';
import { Banner, Text } from '@shopify/polaris';

/** Who is working in the admin area: their actions carry this name into the shops' logs. */
export function StaffLine({ shop }: { shop: Shop | undefined }) {
  const person = shop?.staff;
  if (!person) return null;
  return (
    <Text as="p" tone="subdued">
      Angemeldet als {STAFF_ROLE_LABELS[person.role]}: {staffLabel(person)}
    </Text>
  );
}

/** For everyone the operator has not listed by name, whatever their shop's permissions say. */
export function NotStaffBanner() {
  return (
    <Banner tone="warning" title="Keine Berechtigung">
      <p>{STAFF_MESSAGES.notListed}</p>
    </Banner>
  );
}
