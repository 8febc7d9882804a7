import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithPolaris } from '../../test/render';
import { Affiliate, ExitIframe, exitTarget } from './entryRoutes';

const ORIGIN = 'https://app.belegfluss.de';

describe('/exitiframe', () => {
  afterEach(() => vi.restoreAllMocks());

  it('leaves the iframe only for this app, a shop admin or Shopify’s admin', () => {
    expect(exitTarget('/api/auth?shop=a.myshopify.com', ORIGIN)).toBe(`${ORIGIN}/api/auth?shop=a.myshopify.com`);
    expect(exitTarget('https://a-b.myshopify.com/admin/oauth/authorize?x=1', ORIGIN)).toBe(
      'https://a-b.myshopify.com/admin/oauth/authorize?x=1',
    );
    expect(exitTarget('https://admin.shopify.com/store/a/apps', ORIGIN)).toBe('https://admin.shopify.com/store/a/apps');
    for (const bad of [
      'https://evil.example/phish',
      'http://a.myshopify.com/admin',
      'javascript:alert(1)',
      '//evil.example/x',
      null,
    ]) {
      expect(exitTarget(bad, ORIGIN), String(bad)).toBeUndefined();
    }
  });

  it('sends the top window to the target, and refuses another with a German message', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderWithPolaris(<ExitIframe search={`?redirectUri=${encodeURIComponent('/api/auth?shop=a.myshopify.com')}`} />);
    expect(open).toHaveBeenCalledWith(`${window.location.origin}/api/auth?shop=a.myshopify.com`, '_top');
    renderWithPolaris(<ExitIframe search="?redirectUri=https%3A%2F%2Fevil.example" />);
    expect(screen.getByText('Ungültiges Weiterleitungsziel')).toBeTruthy();
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe('/affiliate', () => {
  it('explains the partner programme to a shop that is not a partner, with a contact link', () => {
    renderWithPolaris(<Affiliate />);
    const link = screen.getByRole('link', { name: 'Partner werden' });
    expect(link.getAttribute('href')).toContain('/help/contact?subject=Partnerprogramm');
  });
});
