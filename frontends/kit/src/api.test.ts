import { describe, expect, it, vi } from 'vitest';
import { createApiClient, describeError, isApiError } from './api';
import { transfersLeft, hasPermission } from './shop';

describe('the API client', () => {
  it('sends the session token and parses JSON', async () => {
    const fetchImpl = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ ok: 1 })),
    );
    const api = createApiClient({ baseUrl: '/api/', getToken: async () => 'tok', fetchImpl });
    await expect(api.get('/shop')).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/shop');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('turns error answers into ApiErrors with the server message', async () => {
    const api = createApiClient({
      baseUrl: '/api',
      getToken: async () => 'tok',
      fetchImpl: async () =>
        new Response(JSON.stringify({ error: { code: 'INVALID', message: 'Ungültige Eingabe' } }), { status: 422 }),
    });
    const error = await api.get('/x').catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(422);
    expect(describeError(error)).toBe('Ungültige Eingabe');
  });

  it('names an unexpected failure exactly as the spec does, and keeps the gateway’s own words for its 500', async () => {
    const answer = (body: string, status: number) =>
      createApiClient({
        baseUrl: '/api',
        getToken: async () => 'tok',
        fetchImpl: async () => new Response(body, { status }),
      })
        .get('/x')
        .catch((caught: unknown) => caught);
    expect(describeError(await answer(`<html>${'x'.repeat(400)}</html>`, 502))).toBe('Unbekannter Fehler aufgetreten');
    expect(describeError(await answer('', 500))).toBe('Unbekannter Fehler aufgetreten');
    expect(describeError('kaputt')).toBe('Unbekannter Fehler aufgetreten');
    const coded = await answer(
      JSON.stringify({ error: 'LEXWARE_DOWN', message: 'Lexware Office antwortet nicht' }),
      503,
    );
    expect(describeError(coded)).toBe('Lexware Office antwortet nicht');
  });

  it('reports an unreachable server in German', async () => {
    const api = createApiClient({
      baseUrl: '/api',
      getToken: async () => 'tok',
      fetchImpl: async () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0, message: 'Der Server ist nicht erreichbar.' });
  });
});

describe('shop rules', () => {
  it('computes transfers left with the spec tones', () => {
    expect(transfersLeft({ used: 81, quota: 100, resetAt: '' })).toEqual({
      remaining: 19,
      quota: 100,
      percent: 19,
      tone: 'critical',
    });
    expect(transfersLeft({ used: 61, quota: 100, resetAt: '' }).tone).toBe('warning');
    expect(transfersLeft({ used: 0, quota: 0, resetAt: '' })).toMatchObject({ percent: 0, tone: 'critical' });
  });

  it('joins permission name and sub name with an underscore', () => {
    expect(hasPermission({ permissions: ['view_dashboard'] }, 'view', 'dashboard')).toBe(true);
    expect(hasPermission({ permissions: ['view'] }, 'view', 'dashboard')).toBe(false);
    expect(hasPermission(undefined, 'view', 'dashboard')).toBe(false);
  });
});
