import {
  BlockStack,
  Layout,
  Page,
  SkeletonBodyText,
  Tabs,
  Text,
  TextField,
  type IndexTableProps,
} from '@shopify/polaris';
import type { ReactNode } from 'react';
import type { SkeletonShape } from './query-state';

/**
 * The admin area's start page, the list of shops, around its parts: the admin remote renders it, and the shell
 * renders the same in the view index.html paints before any script runs (with the staff line written from the
 * early `GET /api/shop`, see first-view.mjs), so that the page reads the same from its first paint on.
 */

export const ADMIN_TABS = [
  { id: 'shops', content: 'Shops', path: '/' },
  { id: 'help', content: 'Supportanfragen', path: '/help' },
  { id: 'downtimes', content: 'Wartungen', path: '/downtimes' },
  { id: 'coupons', content: 'Coupons', path: '/coupons' },
];

/** The admin area's tabs, `selected` the index into {@link ADMIN_TABS}. */
export function AdminTabs({ selected, onSelect = () => {} }: { selected: number; onSelect?: (index: number) => void }) {
  return <Tabs tabs={ADMIN_TABS} selected={selected} onSelect={onSelect} />;
}

/** The columns of the list of shops. */
export const ADMIN_SHOP_HEADINGS: IndexTableProps['headings'] = [
  { title: 'Shop' },
  { title: 'Name' },
  { title: 'Tarif' },
  { title: 'Lexware Office' },
  { title: 'Installiert' },
  { title: 'Workflows' },
];

/** The list of shops while it loads: five rows of its own table. */
export const ADMIN_SHOP_SKELETON: SkeletonShape = { table: ADMIN_SHOP_HEADINGS, rows: 5 };

/**
 * The list of shops' page: its header with the way to the payout runs, the tabs and who is working here, the
 * search (where given) and the list (`children`), then `after` outside the layout.
 */
export function AdminShopListPage({
  tabs,
  staffLine,
  search,
  children,
  after,
}: {
  tabs: ReactNode;
  staffLine: ReactNode;
  search: ReactNode;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Page
      title="Administration"
      subtitle="Alle Shops, die Belegfluss installiert haben."
      secondaryActions={[{ content: 'Partner-Auszahlungen', url: '/admin/payouts' }]}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="300">
            {tabs}
            {staffLine}
          </BlockStack>
        </Layout.Section>
        {search ? <Layout.Section>{search}</Layout.Section> : null}
        <Layout.Section>
          <BlockStack gap="300">{children}</BlockStack>
        </Layout.Section>
      </Layout>
      {after}
    </Page>
  );
}

/** The search over the shops, disabled until the session may use it. */
export function AdminShopSearch({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange?: (value: string) => void;
  disabled: boolean;
}) {
  return (
    <TextField
      label="Shops durchsuchen"
      labelHidden
      placeholder="Shop-Domain oder Name"
      disabled={disabled}
      value={value}
      onChange={onChange}
      clearButton
      onClearButtonClick={() => onChange?.('')}
      autoComplete="off"
    />
  );
}

/**
 * Who is working in the admin area (`text`, see first-view.mjs' staffLineText), at the top of each of its pages: a
 * line of skeleton while the session's shop is still loading (`text` undefined), so that the page below does not
 * move down when it is known; nothing for a session that is no staff (`text` null).
 */
export function StaffLineView({ text }: { text: string | null | undefined }) {
  if (text === null) return null;
  if (text === undefined) return <SkeletonBodyText lines={1} />;
  return (
    <Text as="p" tone="subdued">
      {text}
    </Text>
  );
}
