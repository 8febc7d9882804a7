import { Banner, Card, Layout, Page, SkeletonBodyText } from '@shopify/polaris';
import type { ReactNode } from 'react';
import { useDismissedBanner } from './banners';

/** The id under which the settings home's banner about saving is remembered once closed. */
export const SETTINGS_AUTOSAVE_BANNER = 'settings-autosave';

/**
 * The settings home's frame: its title, the banner about saving until the merchant closes it, then `children`, or
 * a skeleton while the page's first answers are on their way. The preferences remote renders it, and the shell
 * renders the same while the remote loads and in the view index.html paints before any script runs, so the page
 * looks the same from the first paint until its cards arrive.
 */
export function SettingsHomePage({ children, after }: { children?: ReactNode; after?: ReactNode }) {
  const [known, close] = useDismissedBanner(SETTINGS_AUTOSAVE_BANNER);
  return (
    <Page title="Einstellungen">
      <Layout>
        {!known ? (
          <Layout.Section>
            {/* data-dismissible: index.html's first view leaves the banner out once closed, as here. */}
            <div data-dismissible={SETTINGS_AUTOSAVE_BANNER}>
              <Banner tone="info" title="Änderungen werden sofort gespeichert" onDismiss={close}>
                <p>
                  Jeder Schalter und jede Auswahl auf dieser Seite gilt ab sofort; „Gespeichert“ bestätigt es für ein
                  paar Sekunden.
                </p>
              </Banner>
            </div>
          </Layout.Section>
        ) : null}
        {children ?? (
          <Layout.Section>
            <Card>
              <SkeletonBodyText lines={8} />
            </Card>
          </Layout.Section>
        )}
      </Layout>
      {after}
    </Page>
  );
}
