import { BlockStack, Button, Card, Layout, Page, Text } from '@shopify/polaris';
import { HELP_ARTICLES } from './articles';

const FAQ: { question: string; answer: string }[] = [
  {
    question: 'Wie verbinde ich Lexware Office?',
    answer:
      'Auf der Übersicht startest du die Verbindung. Du meldest dich in einem Fenster bei Lexware Office an und erlaubst Belegfluss den Zugriff. Danach legt Belegfluss Rechnungen und Gutschriften selbst an.',
  },
  {
    question: 'Was ist eine Übertragung?',
    answer:
      'Jeder Beleg, den Belegfluss in Lexware Office anlegt – eine Rechnung oder eine Gutschrift –, verbraucht eine Übertragung. Wie viele dir im Monat zur Verfügung stehen, hängt von deinem Tarif ab.',
  },
  {
    question: 'Welche Bestellungen werden übersprungen?',
    answer:
      'Standardmäßig werden Bestellungen aus dem Kassensystem (POS) und kostenlose Bestellungen übersprungen. Das kannst du in den Einstellungen ändern.',
  },
  {
    question: 'Kann ich Rechnungen für ältere Bestellungen erstellen?',
    answer: 'Ja, mit dem Import älterer Bestellungen. Er wird einmalig freigeschaltet; der Preis hängt vom Tarif ab.',
  },
];

export function Help() {
  return (
    <Page title="Hilfe">
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {FAQ.map(({ question, answer }) => (
              <Card key={question}>
                <BlockStack gap="200">
                  <Text as="h2" variant="headingSm">
                    {question}
                  </Text>
                  <Text as="p">{answer}</Text>
                </BlockStack>
              </Card>
            ))}
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <Card>
            <BlockStack gap="200" inlineAlign="start">
              <Text as="h2" variant="headingSm">
                Anleitungen
              </Text>
              {Object.entries(HELP_ARTICLES).map(([path, article]) => (
                <Button key={path} variant="plain" url={`/help/${path}`}>
                  {article.title}
                </Button>
              ))}
              <Text as="h2" variant="headingSm">
                Weiterführend
              </Text>
              <Button variant="plain" url="/plan">
                Abonnement und Tarife
              </Button>
              <Button variant="plain" url="/preferences">
                Einstellungen
              </Button>
              <Button url="/help/contact">Kontakt aufnehmen</Button>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
