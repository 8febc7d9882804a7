import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithPolaris } from '../test/render';
import { Landing } from './Landing';
import { shopDomainFrom } from './shopDomain';

describe('shopDomainFrom', () => {
  it('turns what a merchant types into the myshopify domain', () => {
    expect(shopDomainFrom('mein-laden')).toBe('mein-laden.myshopify.com');
    expect(shopDomainFrom(' Mein-Laden.myshopify.com ')).toBe('mein-laden.myshopify.com');
    expect(shopDomainFrom('https://mein-laden.myshopify.com/admin')).toBe('mein-laden.myshopify.com');
    expect(shopDomainFrom('admin.shopify.com/store/mein-laden')).toBe('mein-laden.myshopify.com');
    expect(shopDomainFrom('')).toBeUndefined();
    expect(shopDomainFrom('mein laden')).toBeUndefined();
    expect(shopDomainFrom('example.com')).toBeUndefined();
  });
});

describe('the landing page', () => {
  it('shows the features, the public plans from the shared constants and the free plan as the start', () => {
    renderWithPolaris(<Landing apiUrl="/api" />);
    expect(screen.getByText('Einfache Einrichtung')).toBeTruthy();
    expect(screen.getByText('Auch für ältere Bestellungen')).toBeTruthy();
    for (const name of ['Free', 'Basic', 'Standard', 'Premium', 'Business'])
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Corporate' })).toBeNull();
    expect(screen.getByText('Empfohlen zum Start')).toBeTruthy();
    expect(screen.getByText('18,99 €')).toBeTruthy();
  });

  it('starts the install at /api/auth?shop= and refuses what is not a shop', () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithPolaris(<Landing apiUrl="/api" />);
    const field = screen.getByLabelText('Adresse deines Shops');
    fireEvent.change(field, { target: { value: 'nicht gültig' } });
    fireEvent.click(screen.getByRole('button', { name: 'Installieren' }));
    expect(screen.getByText('Bitte gib die Adresse deines Shops ein, z. B. mein-laden.myshopify.com')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: 'mein-laden' } });
    fireEvent.click(screen.getByRole('button', { name: 'Installieren' }));
    expect(assign).toHaveBeenCalledWith('/api/auth?shop=mein-laden.myshopify.com');
    vi.unstubAllGlobals();
  });
});
