import { shopQuery, type RemoteAppProps } from '@belegfluss/frontend-kit';
import { vatRegimeFromProfile } from '@belegfluss/shared';
import { Badge, BlockStack, Button, Card, InlineStack, Layout, Page, SkeletonBodyText, Text } from '@shopify/polaris';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

const VAT_REGIMES: Record<string, string> = {
  '0': 'Kleinunternehmer',
  '1': 'Nur deutsche Umsatzsteuer',
  oss: 'One-Stop-Shop (OSS)',
};

function Step({
  n,
  title,
  done,
  children,
  action,
}: {
  n: number;
  title: string;
  done: boolean | null;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <Card>
      <BlockStack gap="200">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h2" variant="headingMd">{`${n}. ${title}`}</Text>
          {done === null ? null : done ? <Badge tone="success">Erledigt</Badge> : <Badge tone="attention">Offen</Badge>}
        </InlineStack>
        <Text as="p" tone="subdued">
          {children}
        </Text>
        <InlineStack gap="200">{action}</InlineStack>
      </BlockStack>
    </Card>
  );
}

/**
 * `/preferences/setup`: the setup at a glance, where the log sends a shop that is not connected or
 * whose tax settings block invoices. Each step says whether it is done and leads to where it is done.
 */
export function SetupPage({ api, basePath, navigate }: RemoteAppProps) {
  const shop = useQuery(shopQuery(api));
  const general = useQuery({
    queryKey: ['preferences', 'general'],
    queryFn: ({ signal }) => api.get<{ value: { vatRegime?: string } }>('/preferences/general', signal),
  });
  const automation = useQuery({
    queryKey: ['preferences', 'automation'],
    queryFn: ({ signal }) => api.get<{ invoiceCreate: string | false }>('/preferences', signal),
  });
  const back = { content: 'Einstellungen', onAction: () => navigate(basePath) };
  if (!shop.data)
    return (
      <Page title="Einrichtung" backAction={back}>
        <Card>
          <SkeletonBodyText lines={8} />
        </Card>
      </Page>
    );
  const { isConnected: connected, profile } = shop.data.lexoffice;
  const chosen = general.data?.value.vatRegime;
  // Until the merchant chooses in the wizard, documents follow the regime of the connected Lexware account
  // (smallBusiness, distance sales principle): however the account was connected, that regime is set.
  const fromAccount =
    connected && profile
      ? vatRegimeFromProfile({
          smallBusiness: Boolean(profile.smallBusiness),
          distanceSalesPrinciple: profile.distanceSalesPrinciple ?? null,
        })
      : undefined;
  const regime = chosen ?? fromAccount;
  const wizard = () => navigate(`${basePath}/setup?assistant=connect`);
  return (
    <Page title="Einrichtung" subtitle="Was Belegfluss braucht, damit Belege von selbst entstehen" backAction={back}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Step
              n={1}
              title="Lexware Office verbinden"
              done={connected}
              action={
                <Button variant={connected ? undefined : 'primary'} onClick={wizard}>
                  {connected ? 'Verbindungsassistent erneut öffnen' : 'Jetzt verbinden'}
                </Button>
              }
            >
              {connected
                ? `Verbunden${shop.data.lexoffice.profile?.companyName ? ` mit ${shop.data.lexoffice.profile.companyName}` : ''}. Belegfluss legt Kontakte, Rechnungen und Gutschriften in diesem Konto an.`
                : 'Ohne Verbindung überspringt Belegfluss jede Bestellung. Der Assistent öffnet die Anmeldung bei Lexware Office und importiert deine Bestellungen.'}
            </Step>
            <Step
              n={2}
              title="Umsatzsteuer-Regelung wählen"
              done={general.data || fromAccount ? Boolean(regime) : null}
              action={
                <Button onClick={wizard} disabled={!connected}>
                  Regelung im Assistenten wählen
                </Button>
              }
            >
              {chosen
                ? `Gewählt: ${VAT_REGIMES[chosen] ?? chosen}.`
                : fromAccount
                  ? `Aus deinem Lexware-Office-Konto übernommen: ${VAT_REGIMES[fromAccount]}. Im Assistenten kannst du eine andere Regelung wählen.`
                  : 'Kleinunternehmer, nur deutsche Umsatzsteuer oder One-Stop-Shop: Davon hängen die Steuersätze jeder Rechnung ab.'}
            </Step>
            <Step
              n={3}
              title="Belegerstellung einschalten"
              done={automation.data ? automation.data.invoiceCreate !== false : null}
              action={<Button onClick={() => navigate(basePath)}>Automatisierung öffnen</Button>}
            >
              Rechnungen, Gutschriften und Umsätze entstehen, sobald die jeweilige Automatisierung an ist.
            </Step>
            <Step
              n={4}
              title="Mit einer Testbestellung prüfen"
              done={null}
              action={<Button url="/help/setup/testing">Anleitung lesen</Button>}
            >
              Eine Testbestellung zeigt, wie die Rechnung in Lexware Office aussieht. Im Protokoll steht, was Belegfluss
              mit jeder Bestellung getan hat.
            </Step>
            <Step
              n={5}
              title="Rechnungen gestalten"
              done={null}
              action={
                <>
                  <Button onClick={() => navigate(`${basePath}/invoices`)}>Rechnungen einstellen</Button>
                  <Button url="/help/setup/template">Vorlage anpassen</Button>
                </>
              }
            >
              Titel, Texte, Positionen und Drucklayout der Rechnungen.
            </Step>
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
