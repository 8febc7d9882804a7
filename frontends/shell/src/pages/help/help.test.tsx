import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scriptedApi } from '../../test/api';
import { renderInShell } from '../../test/render';
import { articleFor, helpPath } from './articles';
import { helpRoute } from './helpRoutes';

const ROUTES = [
  '/help/imprint',
  '/help/app/privacy',
  '/help/app/terms',
  '/help/app/changelog',
  '/help/setup/connect',
  '/help/setup/testing',
  '/help/setup/template',
  '/help/shopify/plan',
  '/help/shopify/metafields',
  '/help/shopify/webhooks',
];

describe('help pages', () => {
  it('has a German article for every help route', () => {
    for (const route of ROUTES) expect(articleFor(route.slice('/help'.length)), route).toBeDefined();
    expect(articleFor('/shopify/webhooks/orders-create')?.title).toBe('Webhooks');
    expect(helpPath('setup.connect')).toBe('/help/setup/connect');
  });

  it('renders an article and the contact form prefilled from the query', () => {
    const { api } = scriptedApi(() => undefined);
    const view = renderInShell(helpRoute('/help/setup/connect', ''), api);
    expect(screen.getByText('Lexware Office verbinden')).toBeTruthy();
    view.unmount();
    renderInShell(helpRoute('/help/contact', '?subject=Frage&message=Hallo'), api);
    expect((screen.getByLabelText('Betreff') as HTMLInputElement).value).toBe('Frage');
    expect((screen.getByLabelText('Nachricht') as HTMLTextAreaElement).value).toBe('Hallo');
  });

  it('shows the Impressum from the gateway’s configuration', async () => {
    const { api } = scriptedApi(({ path }) =>
      path === '/legal'
        ? {
            imprint: {
              name: 'Belegfluss GmbH',
              address: 'Hauptstraße 1\n10115 Berlin',
              email: 'kontakt@belegfluss.de',
              phone: null,
              representative: 'Erika Muster',
              register: null,
              vatId: 'DE123456789',
            },
          }
        : undefined,
    );
    renderInShell(helpRoute('/help/imprint', ''), api);
    expect(await screen.findByText('Belegfluss GmbH')).toBeTruthy();
    expect(screen.getByText('Vertreten durch: Erika Muster')).toBeTruthy();
    expect(screen.getByText('Umsatzsteuer-Identifikationsnummer: DE123456789')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'kontakt@belegfluss.de' }).getAttribute('href')).toBe(
      'mailto:kontakt@belegfluss.de',
    );
  });
});
