import { fireEvent, render, screen } from '@testing-library/react';
import { Component, Suspense, useState, type ReactNode } from 'react';
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

  it('keeps its state when its parent renders again after the chunk came', async () => {
    const Counter = ({ label }: { label: string }) => {
      const [count, setCount] = useState(0);
      return <button onClick={() => setCount(count + 1)}>{`${label} ${count}`}</button>;
    };
    const Page = lazyPage(async () => Counter);
    const view = show(<Page label="Zähler" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Zähler 0' }));
    expect(screen.getByRole('button', { name: 'Zähler 1' })).toBeTruthy();
    view.rerender(
      <Boundary>
        <Suspense fallback={<p>Lädt</p>}>
          <Page label="Neu" />
        </Suspense>
      </Boundary>,
    );
    expect(screen.getByRole('button', { name: 'Neu 1' })).toBeTruthy();
  });

  it('shows a failed load to the error boundary', async () => {
    const Page = lazyPage(async () => Promise.reject(new Error('Chunk fehlt')));
    await Page.preload();
    show(<Page />);
    expect(await screen.findByText('Fehler')).toBeTruthy();
  });
});
