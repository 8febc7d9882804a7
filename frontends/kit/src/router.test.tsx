import { render, screen } from '@testing-library/react';
import { Button } from '@shopify/polaris';
import { describe, expect, it } from 'vitest';
import { PolarisRoot } from './polaris';

describe('RouterLink as Polaris renders it', () => {
  it('opens an external button in a new tab although Polaris also hands target: undefined', () => {
    render(
      <PolarisRoot>
        <Button url="https://gateway.example/documents/abc" external>
          Öffnen
        </Button>
        <Button url="/plan">Tarife</Button>
      </PolarisRoot>,
    );
    const open = screen.getByRole('link', { name: 'Öffnen' });
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Tarife' }).getAttribute('target')).toBeNull();
  });
});
