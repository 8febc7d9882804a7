/** A small Admin GraphQL client: one pinned API version, cost-aware retries on THROTTLED. */
export interface AdminClientOptions {
  adminUrl: string;
  apiVersion: string;
  shop: string;
  accessToken: string;
  /** Where the warning goes that Shopify served another version than asked for; console.warn by default. */
  warn?: (message: string) => void;
}

// Shopify serves a retired version as its oldest supported one without an error: the answers may then
// differ from what the documents were written for. One warning per version pair and process is enough.
const versionWarnings = new Set<string>();

function checkServedVersion(opts: AdminClientOptions, res: Response): void {
  const served = res.headers.get('x-shopify-api-version');
  if (!served || served === opts.apiVersion) return;
  const key = `${opts.apiVersion}→${served}`;
  if (versionWarnings.has(key)) return;
  versionWarnings.add(key);
  (opts.warn ?? console.warn)(
    `Shopify served Admin API ${served} instead of ${opts.apiVersion}: ${opts.apiVersion} is retired or unknown; move SHOPIFY_API_VERSION on`,
  );
}

export class ShopifyGraphqlError extends Error {
  constructor(
    readonly errors: unknown,
    readonly status: number,
  ) {
    super(`Shopify GraphQL failed (${status}): ${JSON.stringify(errors)}`);
    this.name = 'ShopifyGraphqlError';
  }

  /** The first GraphQL error code (THROTTLED, ACCESS_DENIED, …), or the HTTP status as `HTTP_401`. */
  get code(): string {
    const first = Array.isArray(this.errors)
      ? (this.errors[0] as { extensions?: { code?: unknown } } | undefined)?.extensions?.code
      : undefined;
    return typeof first === 'string' ? first : `HTTP_${this.status}`;
  }

  /** Throttling and Shopify's own failures pass; a refused token, scope or query does not. */
  get retryable(): boolean {
    return (
      this.status === 429 || this.status >= 500 || this.code === 'THROTTLED' || this.code === 'INTERNAL_SERVER_ERROR'
    );
  }
}

export function createAdminClient(opts: AdminClientOptions) {
  const url = `${opts.adminUrl.replace('{shop}', opts.shop)}/admin/api/${opts.apiVersion}/graphql.json`;
  return async function graphql<T>(query: string, variables: Record<string, unknown> = {}, attempt = 0): Promise<T> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': opts.accessToken },
      body: JSON.stringify({ query, variables }),
    });
    checkServedVersion(opts, res);
    const body = (await res.json().catch(() => ({}))) as {
      // An array of GraphQL errors, or a plain string for a 401/404 ("[API] Invalid API key or access token …").
      data?: T;
      errors?: { extensions?: { code?: string } }[] | string;
      extensions?: {
        cost?: { requestedQueryCost?: number; throttleStatus?: { currentlyAvailable: number; restoreRate: number } };
      };
    };
    const throttled =
      res.status === 429 || (Array.isArray(body.errors) && body.errors.some((e) => e.extensions?.code === 'THROTTLED'));
    if (throttled && attempt < 5) {
      const cost = body.extensions?.cost;
      const missing = (cost?.requestedQueryCost ?? 50) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
      const wait = Math.max(250, (missing / (cost?.throttleStatus?.restoreRate ?? 50)) * 1000);
      await new Promise((r) => setTimeout(r, wait));
      return graphql<T>(query, variables, attempt + 1);
    }
    if (!res.ok || body.errors?.length || !body.data) throw new ShopifyGraphqlError(body.errors ?? body, res.status);
    return body.data;
  };
}

export type AdminClient = ReturnType<typeof createAdminClient>;

/** Shopify answers `write_orders` for read_orders + write_orders: a write scope implies its read scope. */
export function expandScopes(scopes: string[]): string[] {
  return [...new Set(scopes.flatMap((s) => (s.startsWith('write_') ? [s, s.replace('write_', 'read_')] : [s])))];
}

/** OAuth code exchange: `POST https://{shop}/admin/oauth/access_token`. */
export async function exchangeShopifyCode(opts: {
  adminUrl: string;
  shop: string;
  apiKey: string;
  apiSecret: string;
  code: string;
}): Promise<{ accessToken: string; scopes: string[] }> {
  const res = await fetch(`${opts.adminUrl.replace('{shop}', opts.shop)}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ client_id: opts.apiKey, client_secret: opts.apiSecret, code: opts.code }),
  });
  const body = (await res.json().catch(() => ({}))) as { access_token?: string; scope?: string };
  if (!res.ok || !body.access_token) throw new Error(`Shopify-Token konnte nicht abgerufen werden (${res.status})`);
  return {
    accessToken: body.access_token,
    scopes: expandScopes(
      (body.scope ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  };
}
