import { UNKNOWN_ERROR_MESSAGE } from '@belegfluss/shared';

/**
 * The one way the front ends talk to the gateway. Every call carries the
 * session token of the current shop; the gateway takes the shop only from it.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Each app bundles its own copy of this module, so an error thrown by the
 * shell's client is not `instanceof` a remote's ApiError. Check the shape.
 */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError' && typeof (error as Partial<ApiError>).status === 'number';
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, e.g. `Idempotency-Key` so a repeated click does not act twice. */
  headers?: Record<string, string>;
}

export interface ApiClient {
  /** JSON in, JSON out. `path` is below the API root: `/shop`, `/orders?page=2`. */
  request<T>(path: string, init?: RequestOptions): Promise<T>;
  get<T>(path: string, signal?: AbortSignal): Promise<T>;
  /** The raw response, for downloads (PDFs). Throws on transport errors only. */
  raw(path: string, init?: RequestInit): Promise<Response>;
}

export interface ApiClientOptions {
  /** `/api` behind the shell's proxy, or an absolute gateway URL. */
  baseUrl: string;
  getToken: () => Promise<string>;
  fetchImpl?: typeof fetch;
}

export function createApiClient({ baseUrl, getToken, fetchImpl }: ApiClientOptions): ApiClient {
  const root = baseUrl.replace(/\/+$/, '');
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function raw(path: string, init: RequestInit = {}): Promise<Response> {
    const token = await getToken();
    const headers = new Headers(init.headers);
    headers.set('Authorization', `Bearer ${token}`);
    return doFetch(`${root}${path.startsWith('/') ? path : `/${path}`}`, { ...init, headers });
  }

  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await raw(path, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
      });
    } catch (error) {
      if (isApiError(error) || (error instanceof DOMException && error.name === 'AbortError')) throw error;
      throw new ApiError(0, 'Der Server ist nicht erreichbar.');
    }
    const body = await readBody(response);
    if (!response.ok) throw toApiError(response.status, body);
    return body as T;
  }

  return { request, raw, get: (path, signal) => request(path, { signal }) };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Accepts `{ message, code }`, `{ error: { message, code } }`, the gateway's `{ error: 'CODE', message }`, `{ error: 'text' }` or plain text. */
export function toApiError(status: number, body: unknown): ApiError {
  const fallback = `Anfrage fehlgeschlagen (HTTP ${status}).`;
  if (typeof body === 'string' && body.trim() !== '' && body.length < 300)
    return new ApiError(status, body.trim(), body.trim(), body);
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    const inner =
      typeof record.error === 'object' && record.error !== null ? (record.error as Record<string, unknown>) : record;
    const message = pickString(inner.message) ?? pickString(record.error) ?? fallback;
    // The gateway answers `{ error: 'CODE', message, field? }`: beside a message, a string `error` is the code.
    const code =
      pickString(inner.code) ?? (inner === record && pickString(record.message) ? pickString(record.error) : undefined);
    return new ApiError(status, message, code, body);
  }
  return new ApiError(status, fallback, undefined, body);
}

function pickString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The form field a 4xx answer names (`{error, message, field}`), if any. */
export function errorField(error: unknown): string | undefined {
  if (!isApiError(error) || !error.body || typeof error.body !== 'object') return undefined;
  const field = (error.body as { field?: unknown }).field;
  return typeof field === 'string' && field !== '' ? field : undefined;
}

/** The German line to show for a failed call. */
export function describeError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 0) return error.message;
    // The gateway's own 404s say what was not found; a bare 404 (no JSON) is honest about that too.
    if (error.status === 404) return error.code ? error.message : 'Nicht gefunden (HTTP 404).';
    if (error.status === 405) return 'Diese Aktion ist hier nicht erlaubt (HTTP 405).';
    if (error.status === 401) return 'Die Sitzung ist abgelaufen oder ungültig (HTTP 401).';
    if (error.status === 403) return 'Dafür fehlt dir die Berechtigung (HTTP 403).';
    // A 5xx that is not the gateway's own coded answer (a proxy's page, a crash) is an unexpected failure.
    if (error.status >= 500 && !error.code) return UNKNOWN_ERROR_MESSAGE;
    return error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return UNKNOWN_ERROR_MESSAGE;
}
