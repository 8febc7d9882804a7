import type { Shop } from '@belegfluss/frontend-kit';
import { Frame, Navigation, TopBar } from '@shopify/polaris';
import {
  AffiliateIcon,
  ChartVerticalIcon,
  CreditCardIcon,
  HomeIcon,
  KeyIcon,
  OrderIcon,
  QuestionCircleIcon,
  SettingsIcon,
} from '@shopify/polaris-icons';
import { useState, type ReactNode } from 'react';
import { useShell } from '../session/ShellContext';
import { LOGO_URL } from './logo';
import { navigationEntries, type NavKey } from './navigation';
import { ToastProvider } from './toast';

const ICONS: Record<NavKey, typeof HomeIcon> = {
  home: HomeIcon,
  admin: KeyIcon,
  overview: ChartVerticalIcon,
  orders: OrderIcon,
  plan: CreditCardIcon,
  partner: AffiliateIcon,
  preferences: SettingsIcon,
  help: QuestionCircleIcon,
};

export function AppFrame({
  shop,
  pathname,
  children,
}: {
  shop: Shop | undefined;
  pathname: string;
  children: ReactNode;
}) {
  const { switchShop, tokenSource } = useShell();
  const [navOpen, setNavOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  // Which entries there are depends on the shop (partner, staff): listed before it is known, the ones it adds
  // would push the others down. The navigation appears whole instead.
  const items = (shop ? navigationEntries(shop, pathname) : []).map((entry) => ({
    url: entry.url,
    label: entry.label,
    icon: ICONS[entry.key],
    selected: entry.selected,
    badge: entry.badge,
    onClick: () => setNavOpen(false),
  }));

  const shopName = shop?.name ?? tokenSource.shop;
  const userMenu = (
    <TopBar.UserMenu
      name={shopName}
      detail={switchShop ? 'Sandbox' : undefined}
      initials={shopName.slice(0, 1).toUpperCase()}
      open={menuOpen}
      onToggle={() => setMenuOpen((open) => !open)}
      actions={switchShop ? [{ items: [{ content: 'Shop wechseln', onAction: switchShop }] }] : []}
    />
  );

  return (
    <Frame
      logo={{ topBarSource: LOGO_URL, width: 124, accessibilityLabel: 'Belegfluss', url: '/' }}
      topBar={
        <TopBar showNavigationToggle userMenu={userMenu} onNavigationToggle={() => setNavOpen((open) => !open)} />
      }
      navigation={
        <Navigation location={pathname}>
          <Navigation.Section items={items} />
        </Navigation>
      }
      showMobileNavigation={navOpen}
      onNavigationDismiss={() => setNavOpen(false)}
    >
      <ToastProvider>{children}</ToastProvider>
    </Frame>
  );
}
