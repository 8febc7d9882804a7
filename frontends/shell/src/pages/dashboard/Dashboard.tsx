import type { Shop } from '@belegfluss/frontend-kit';
import { Layout, Page } from '@shopify/polaris';
import { TipsPanel } from '../../notices/TipsPanel';
import { ConnectionCard } from './ConnectionCard';
import { TransfersCard } from './TransfersCard';
import { DocumentsCard } from './DocumentsCard';
import { PlanCard } from './PlanCard';

/** The dashboard cards, rendered from the shop alone. */
export function Dashboard({ shop }: { shop: Shop }) {
  return (
    <Page title="Übersicht" subtitle={shop.name}>
      <Layout>
        <Layout.Section>
          <TipsPanel />
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <PlanCard plan={shop.plan} />
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <TransfersCard credits={shop.plan.credits} />
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <DocumentsCard stat={shop.stat} />
        </Layout.Section>
        <Layout.Section variant="oneHalf">
          <ConnectionCard lexoffice={shop.lexoffice} />
        </Layout.Section>
      </Layout>
    </Page>
  );
}
