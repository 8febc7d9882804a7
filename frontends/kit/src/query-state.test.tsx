import { Page } from '@shopify/polaris';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { PolarisRoot } from './polaris';
import { QueryState, type QueryLike, type QueryStateProps } from './query-state';

interface List {
  items: string[];
}
const WHO = 'Diese Seite sehen nur Shops, die als Partner freigeschaltet sind.';
const HEADINGS = [{ title: 'Code' }, { title: 'Rabatt' }] as const;

function query(patch: Partial<QueryLike<List>>): QueryLike<List> {
  return { data: undefined, error: null, isError: false, refetch: vi.fn(), ...patch };
}

function show(props: Partial<QueryStateProps<List>> & Pick<QueryStateProps<List>, 'query'>) {
  return render(
    <PolarisRoot>
      <QueryState<List>
        forbidden={WHO}
        errorTitle="Die Coupons konnten nicht geladen werden"
        skeleton={{ table: [...HEADINGS], rows: 2 }}
        empty={{ when: (d) => d.items.length === 0, heading: 'Noch keine Coupons', text: 'Lege den ersten an.' }}
        {...props}
      >
        {(data) => <p>{`Inhalt: ${data.items.join(', ')}`}</p>}
      </QueryState>
    </PolarisRoot>,
  );
}

describe('QueryState', () => {
  it('shows a skeleton in the shape of the content while loading, and nothing else', () => {
    const { container } = show({ query: query({}), card: true });
    // The placeholder is the page's own table: its headings, skeleton lines in the rows.
    expect(screen.getAllByText('Rabatt').length).toBeGreaterThan(0);
    expect(container.querySelectorAll('tbody tr')).toHaveLength(2);
    expect(container.querySelectorAll('.Polaris-SkeletonBodyText').length).toBe(4);
    expect(container.querySelector('.Polaris-ShadowBevel, .Polaris-Card')).not.toBeNull();
    expect(screen.queryByText(/Inhalt/)).toBeNull();
    expect(container.querySelector('.Polaris-Banner')).toBeNull();
  });

  it('shows text lines for a text-shaped page, inside the frame it is given', () => {
    const { container } = show({
      query: query({}),
      skeleton: { lines: 5 },
      frame: (state) => <Page title="Partnerdaten">{state}</Page>,
    });
    expect(screen.getByRole('heading', { name: 'Partnerdaten' })).toBeTruthy();
    expect(container.querySelectorAll('.Polaris-SkeletonBodyText')).toHaveLength(5);
  });

  it('says who may see the page on a 403, with the gateway’s reason when it adds one', () => {
    show({
      query: query({
        isError: true,
        error: new ApiError(403, 'Nur der Betrieb darf das.', 'OPERATOR_ONLY'),
      }),
    });
    expect(screen.getByText('Keine Berechtigung')).toBeTruthy();
    expect(screen.getByText(WHO)).toBeTruthy();
    expect(screen.getByText('Nur der Betrieb darf das.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
  });

  it('says no permission from the page’s own rule before any data is shown', () => {
    show({ query: query({ data: { items: ['KAFFEE-10'] } }), allowed: (d) => d.items.length > 5 });
    expect(screen.getByText('Keine Berechtigung')).toBeTruthy();
    expect(screen.getByText(WHO)).toBeTruthy();
    expect(screen.queryByText(/Inhalt/)).toBeNull();
  });

  it('shows a German error with "Erneut versuchen" that refetches', () => {
    const refetch = vi.fn();
    show({
      query: query({
        isError: true,
        error: new ApiError(502, 'Lexware Office antwortet nicht.', 'LEXWARE_UNAVAILABLE'),
        refetch,
      }),
    });
    expect(screen.getByText('Die Coupons konnten nicht geladen werden')).toBeTruthy();
    expect(screen.getByText('Lexware Office antwortet nicht.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('prefers the error to data a failed refetch left behind', () => {
    show({ query: query({ data: { items: ['ALT'] }, isError: true, error: new Error('weg') }) });
    expect(screen.getByText('Die Coupons konnten nicht geladen werden')).toBeTruthy();
    expect(screen.queryByText(/Inhalt/)).toBeNull();
  });

  it('shows Polaris’ EmptyState with the page’s words and action', () => {
    const onAction = vi.fn();
    const { container } = show({
      query: query({ data: { items: [] } }),
      empty: {
        when: (d) => d.items.length === 0,
        heading: 'Noch keine Coupons',
        text: 'Lege den ersten an.',
        action: { content: 'Coupon erstellen', onAction },
      },
    });
    expect(container.querySelector('.Polaris-EmptyState__ImageContainer')).not.toBeNull();
    expect(screen.getByText('Noch keine Coupons')).toBeTruthy();
    expect(screen.getByText('Lege den ersten an.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Coupon erstellen' }));
    expect(onAction).toHaveBeenCalled();
  });

  it('shows the content once there is some, without any frame', () => {
    show({
      query: query({ data: { items: ['KAFFEE-10', 'TEE-25'] } }),
      frame: (state) => <Page title="Rahmen">{state}</Page>,
    });
    expect(screen.getByText('Inhalt: KAFFEE-10, TEE-25')).toBeTruthy();
    expect(screen.queryByText('Rahmen')).toBeNull();
    expect(screen.queryByText('Noch keine Coupons')).toBeNull();
  });

  it('walks a real react-query result from error through retry to content', async () => {
    let calls = 0;
    const fetchList = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(500, 'Kurz nicht erreichbar.');
      return { items: ['KAFFEE-10'] };
    });
    function Host() {
      const list = useQuery({ queryKey: ['coupons'], queryFn: fetchList, retry: false });
      return (
        <QueryState query={list} forbidden={WHO} errorTitle="Fehler beim Laden" skeleton={{ lines: 2 }}>
          {(data) => <p>{`Inhalt: ${data.items.join(', ')}`}</p>}
        </QueryState>
      );
    }
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PolarisRoot>
          <Host />
        </PolarisRoot>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Inhalt: KAFFEE-10')).toBeTruthy();
    await waitFor(() => expect(fetchList).toHaveBeenCalledTimes(2));
  });
});
