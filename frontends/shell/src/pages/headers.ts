import type { PageProps } from '@shopify/polaris';

/**
 * The headers of the shell's pages that need no data: the page and its skeleton (firstPaint/RouteSkeleton.tsx)
 * show the same one, so the header stays where it is when the data arrives.
 */
export const PAGE_HEADERS = {
  orders: {
    title: 'Bestellungen',
    secondaryActions: [
      { content: 'Protokoll', url: '/log' },
      { content: 'Vollständigkeit prüfen', url: '/orders/audit' },
    ],
  },
  audit: {
    title: 'Vollständigkeit prüfen',
    subtitle: 'Hat jede Bestellung ihre Belege, genau einmal und mit dem richtigen Betrag?',
    backAction: { content: 'Bestellungen', url: '/orders' },
  },
  log: {
    title: 'Protokoll',
    subtitle: 'Alles, was Belegfluss für deinen Shop getan hat, und warum',
    backAction: { content: 'Bestellungen', url: '/orders' },
  },
  order: { title: 'Bestellung', subtitle: '\u00a0', backAction: { content: 'Bestellungen', url: '/orders' } },
  plan: { title: 'Abonnement' },
} satisfies Record<string, Pick<PageProps, 'title' | 'subtitle' | 'backAction' | 'secondaryActions'>>;
