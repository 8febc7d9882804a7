import { AppProvider } from '@shopify/polaris';
import de from '@shopify/polaris/locales/de.json';
import type { ReactNode } from 'react';
import { RouterLink } from './router';
import './polaris-overrides.css';

/** Polaris in German, with in-app links going through the router. Mounted once, by whoever owns the page. */
export function PolarisRoot({ children }: { children: ReactNode }) {
  return (
    <AppProvider i18n={de} linkComponent={RouterLink}>
      {children}
    </AppProvider>
  );
}
