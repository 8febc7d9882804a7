import { EventLog, type Shop } from '@belegfluss/frontend-kit';
import { PLANS } from '@belegfluss/shared';
import { Banner, Layout, Page, Text } from '@shopify/polaris';
import { PAGE_HEADERS } from '../headers';
import { useShell } from '../../session/ShellContext';

/** The longest retention a public plan offers, to say whether upgrading keeps entries longer. */
const LONGEST_PUBLIC = Math.max(...PLANS.filter((p) => !p.private).map((p) => p.logMaxAge));

/** `/log`: the shop's whole event log, with the retention of its plan. */
export function LogPage({ shop }: { shop: Shop }) {
  const { api } = useShell();
  const days = shop.plan.logMaxAge;
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
              {`Dein Tarif ${shop.plan.name} bewahrt das Protokoll ${days} Tage auf; ältere Einträge werden gelöscht.${days < LONGEST_PUBLIC ? ' Größere Tarife bewahren es länger auf.' : ''}`}
            </Text>
          </Banner>
        </Layout.Section>
        <Layout.Section>
          <EventLog api={api} base="/shop/logs" title="Einträge" />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
