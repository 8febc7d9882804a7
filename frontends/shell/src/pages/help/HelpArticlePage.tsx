import { BlockStack, Card, Layout, Page, Text } from '@shopify/polaris';
import type { HelpArticle } from './articles';

export function HelpArticlePage({ article }: { article: HelpArticle }) {
  return (
    <Page title={article.title} subtitle={article.group} backAction={{ content: 'Hilfe', url: '/help' }}>
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="400">
              {article.sections.map((section, index) => (
                <BlockStack key={section.heading ?? index} gap="200">
                  {section.heading ? (
                    <Text as="h2" variant="headingMd">
                      {section.heading}
                    </Text>
                  ) : null}
                  {section.paragraphs.map((paragraph) => (
                    <Text key={paragraph} as="p">
                      {paragraph}
                    </Text>
                  ))}
                </BlockStack>
              ))}
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
