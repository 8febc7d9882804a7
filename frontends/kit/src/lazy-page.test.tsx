import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Fehler</p> : this.props.children;
  }
}

const show = (node: ReactNode) =>
  render(
    <Boundary>
      <Suspense fallback={<p>Lädt</p>}>{node}</Suspense>
    </Boundary>,
  );

describe('a lazy page', () => {
  it('loads its chunk when it first renders, once', async () => {
    const load = vi.fn(async () => ({ who }: { who: string }) => <p>Hallo {who}</p>);
    const Page = lazyPage(load);
    show(<Page who="Welt" />);
    expect(screen.getByText('Lädt')).toBeTruthy();
    expect(await screen.findByText('Hallo Welt')).toBeTruthy();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without its skeleton, once preloaded', async () => {
    const Page = lazyPage(async () => () => <p>Geladen</p>);
    await Page.preload();
    show(<Page />);
    expect(screen.getByText('Geladen')).toBeTruthy();
    expect(screen.queryByText('Lädt')).toBeNull();
  });

  it('shows a failed load to the error boundary', async () => {
    const Page = lazyPage(async () => Promise.reject(new Error('Chunk fehlt')));
    await Page.preload();
    show(<Page />);
    expect(await screen.findByText('Fehler')).toBeTruthy();
  });
});
