import type { Shop } from '@belegfluss/frontend-kit';
import { PLANS } from '@belegfluss/shared';
import { Banner, Layout, Page, Text } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { PAGE_HEADERS } from '../headers';

/** The longest retention a public plan offers, to say whether upgrading keeps entries longer. */
const LONGEST_PUBLIC = Math.max(...PLANS.filter((p) => !p.private).map((p) => p.logMaxAge));

/**
 * The event log's page around its list: the header and how long the shop's plan keeps the entries. The first view
 * of `/log` is this, with a skeleton for the list, rendered at build time once per plan (scripts/first-paint.tsx).
 */
export function LogPageFrame({
  plan,
  children,
}: {
  plan: Pick<Shop['plan'], 'name' | 'logMaxAge'>;
  children: ReactNode;
}) {
  const days = plan.logMaxAge;
  return (
    <Page {...PAGE_HEADERS.log}>
      <Layout>
        <Layout.Section>
          <Banner
            tone="info"
            title={`Einträge werden ${days} Tage aufbewahrt`}
            action={days < LONGEST_PUBLIC ? { content: 'Tarife vergleichen', url: '/plan#pricing' } : undefined}
          >
            <Text as="p">
              {`Dein Tarif ${plan.name} bewahrt das Protokoll ${days} Tage auf; ältere Einträge werden gelöscht.${days < LONGEST_PUBLIC ? ' Größere Tarife bewahren es länger auf.' : ''}`}
            </Text>
          </Banner>
        </Layout.Section>
        <Layout.Section>{children}</Layout.Section>
      </Layout>
    </Page>
  );
}
