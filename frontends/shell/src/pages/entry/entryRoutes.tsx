import { navigate, type Shop } from '@belegfluss/frontend-kit';
import { Banner, BlockStack, Button, Card, InlineStack, Layout, Page, Spinner, Text } from '@shopify/polaris';
import { useEffect } from 'react';
import { redirectTop } from '../../notices/redirect';

/**
 * Where `/exitiframe` may send the top window: this app's own origin (the permission grant at /api/auth),
 * a shop's admin, or Shopify's admin. Anything else would make the route an open redirect.
 */
export function exitTarget(raw: string | null, origin: string): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return undefined;
  }
  if (url.origin === origin) return url.toString();
  if (url.protocol !== 'https:') return undefined;
  if (url.hostname === 'admin.shopify.com' || /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(url.hostname))
    return url.toString();
  return undefined;
}

/**
 * `/exitiframe?redirectUri=…`: Shopify's grant screen refuses to load in the admin's iframe, so OAuth and
 * re-authorisation leave it here: the top window goes to the target (App Bridge honours `_top`).
 */
export function ExitIframe({ search }: { search: string }) {
  const target = exitTarget(new URLSearchParams(search).get('redirectUri'), window.location.origin);
  useEffect(() => {
    if (target) redirectTop(target);
  }, [target]);
  if (!target) {
    return (
      <Page narrowWidth title="Belegfluss">
        <Banner tone="critical" title="Ungültiges Weiterleitungsziel">
          <p>
            Diese Weiterleitung führt nicht zu Belegfluss oder Shopify. Bitte öffne Belegfluss erneut aus deinem
            Shopify-Admin.
          </p>
        </Banner>
      </Page>
    );
  }
  return (
    <Page narrowWidth title="Weiter zu Shopify">
      <Card>
        <BlockStack gap="300" inlineAlign="center">
          <Spinner accessibilityLabel="Weiterleitung" />
          <Text as="p">Shopify öffnet die Anmeldung im ganzen Fenster.</Text>
          <Button onClick={() => redirectTop(target)}>Weiter, falls nichts passiert</Button>
        </BlockStack>
      </Card>
    </Page>
  );
}

/** `/affiliate`: partners go to their area; everyone else learns how to join the partner programme. */
export function Affiliate({ shop }: { shop?: Shop }) {
  const partner = shop?.partner === true;
  useEffect(() => {
    if (partner) navigate('/partner', { replace: true });
  }, [partner]);
  if (partner) return null;
  const contact = `/help/contact?${new URLSearchParams({ subject: 'Partnerprogramm', message: shop ? `Ich möchte mit ${shop.shop} Partner werden.` : 'Ich möchte Partner werden.' }).toString()}`;
  return (
    <Page narrowWidth title="Partnerprogramm">
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="300">
              <Text as="p">
                Empfiehl Belegfluss weiter: Als Partner bekommst du eigene Coupons, mit denen Shops bei uns sparen, und
                für jede Einlösung eine Provision – ausgezahlt per PayPal oder Überweisung.
              </Text>
              <Text as="p">Schreib uns, wir schalten den Partnerbereich für deinen Shop frei.</Text>
              <InlineStack>
                <Button variant="primary" url={contact}>
                  Partner werden
                </Button>
              </InlineStack>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}

/** `/apps` (the admin's app entry) and `/register` with a session: the shop's own start page, at once. */
export function ToHome({ search }: { search: string }) {
  useEffect(() => {
    navigate(`/${search}`, { replace: true });
  }, [search]);
  return null;
}
