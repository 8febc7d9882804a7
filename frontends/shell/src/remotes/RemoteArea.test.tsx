import type { RemoteAppProps } from '@belegfluss/frontend-kit';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithPolaris } from '../test/render';
import { RemoteArea } from './RemoteArea';

const props: RemoteAppProps = {
  basePath: '/preferences',
  path: '/',
  search: '',
  navigate: () => undefined,
  api: { request: vi.fn(), get: vi.fn(), raw: vi.fn() },
};

function FakeRemote({ basePath, path }: RemoteAppProps) {
  return <p>{`Remote unter ${basePath}${path}`}</p>;
}

describe('a remote area', () => {
  // React reports caught render errors to window in development; jsdom would print them.
  const silence = (event: ErrorEvent) => event.preventDefault();
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.addEventListener('error', silence);
  });
  afterEach(() => window.removeEventListener('error', silence));

  it('shows a German error with a retry when the remote is down, and recovers without a reload', async () => {
    const load = vi
      .fn<(fresh: boolean) => Promise<typeof FakeRemote>>()
      .mockRejectedValueOnce(new Error('Failed to get manifest'))
      .mockResolvedValueOnce(FakeRemote);

    renderWithPolaris(<RemoteArea area="Einstellungen" load={load} {...props} />);

    expect(await screen.findByText('Dieser Bereich konnte nicht geladen werden')).toBeTruthy();
    expect(screen.getByText(/Der Bereich „Einstellungen“ ist gerade nicht erreichbar/)).toBeTruthy();
    expect(load).toHaveBeenLastCalledWith(false);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    });

    expect(await screen.findByText('Remote unter /preferences/')).toBeTruthy();
    expect(load).toHaveBeenLastCalledWith(true);
    expect(screen.queryByText('Dieser Bereich konnte nicht geladen werden')).toBeNull();
  });

  it('catches a remote that fails while rendering', async () => {
    function Broken(): never {
      throw new Error('kaputt');
    }
    renderWithPolaris(<RemoteArea area="Partnerprogramm" load={() => Promise.resolve(Broken)} {...props} />);
    expect(await screen.findByText('Dieser Bereich konnte nicht geladen werden')).toBeTruthy();
    expect(screen.getByText('Technische Details: kaputt')).toBeTruthy();
  });

  it('renders an App that loaded before at once, without a loading state', () => {
    const load = vi.fn();
    renderWithPolaris(<RemoteArea area="Einstellungen" load={load} cached={FakeRemote} {...props} path="/contacts" />);
    expect(screen.getByText('Remote unter /preferences/contacts')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });
});
