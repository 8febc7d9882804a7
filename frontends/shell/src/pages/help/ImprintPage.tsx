import { LoadErrorBanner } from '@belegfluss/frontend-kit';
import { BlockStack, Card, Layout, Link, Page, SkeletonBodyText, Text } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import { useShell } from '../../session/ShellContext';

interface Imprint {
  name: string;
  address: string;
  email: string;
  phone: string | null;
  representative: string | null;
  register: string | null;
  vatId: string | null;
}

/** `/help/imprint`: the Impressum as the operator configured it (GET /api/legal), never a placeholder in production. */
export function ImprintPage() {
  const { api } = useShell();
  const legal = useQuery({
    queryKey: ['legal'],
    queryFn: ({ signal }) => api.get<{ imprint: Imprint }>('/legal', signal),
    staleTime: Infinity,
  });
  let content;
  if (legal.isError)
    content = (
      <LoadErrorBanner
        title="Das Impressum konnte nicht geladen werden"
        error={legal.error}
        onRetry={() => void legal.refetch()}
      />
    );
  else if (!legal.data) content = <SkeletonBodyText lines={6} />;
  else {
    const i = legal.data.imprint;
    content = (
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Angaben gemäß § 5 DDG
        </Text>
        <Text as="p" fontWeight="semibold">
          {i.name}
        </Text>
        <Text as="p">
          <span style={{ whiteSpace: 'pre-line' }}>{i.address}</span>
        </Text>
        {i.representative ? <Text as="p">{`Vertreten durch: ${i.representative}`}</Text> : null}
        <Text as="p">
          E-Mail: <Link url={`mailto:${i.email}`}>{i.email}</Link>
        </Text>
        {i.phone ? <Text as="p">{`Telefon: ${i.phone}`}</Text> : null}
        {i.register ? <Text as="p">{`Registereintrag: ${i.register}`}</Text> : null}
        {i.vatId ? <Text as="p">{`Umsatzsteuer-Identifikationsnummer: ${i.vatId}`}</Text> : null}
      </BlockStack>
    );
  }
  return (
    <Page title="Impressum" subtitle="Rechtliches" backAction={{ content: 'Hilfe', url: '/help' }}>
      <Layout>
        <Layout.Section>
          <Card>{content}</Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
