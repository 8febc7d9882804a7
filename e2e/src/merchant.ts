export interface Endpoints {
  controlUrl: string;
  gatewayUrl: string;
}

/**
 * What a merchant does by clicking: install the app, connect Lexware, open the app. `userId` picks the
 * staff account whose session tokens the sandbox signs (its `sub`); without it, the sandbox's default one.
 */
export function merchant(
  endpoints: Endpoints | { sandbox: { urls: { control: string } }; gatewayUrl: string },
  shop: string,
  opts: { userId?: string } = {},
) {
  const control = 'controlUrl' in endpoints ? endpoints.controlUrl : endpoints.sandbox.urls.control;
  const gatewayUrl = endpoints.gatewayUrl;

  async function json<T>(url: string, init?: RequestInit): Promise<T> {
    const res = await fetch(url, init);
    if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** Submits the consent form that an authorize page shows, and returns the redirect target. */
  async function consent(authorizeUrl: string, extra: Record<string, string>): Promise<string> {
    const page = await fetch(authorizeUrl);
    const html = await page.text();
    if (!page.ok) throw new Error(`consent page ${authorizeUrl} answered ${page.status}: ${html}`);
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no consent form on ${authorizeUrl}`);
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], decode(m[2] ?? '')]),
    );
    const res = await fetch(new URL(action, authorizeUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, ...extra }),
    });
    const location = res.headers.get('location');
    if (res.status !== 302 || !location) throw new Error(`consent answered ${res.status}`);
    return location;
  }

  return {
    json,
    async createShop() {
      return json(`${control}/control/shops`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ shop }),
      });
    },
    async install() {
      const { url } = await json<{ url: string }>(`${control}/control/install-link?shop=${shop}`);
      const start = await fetch(url, { redirect: 'manual' });
      const authorize = start.headers.get('location');
      if (start.status !== 302 || !authorize)
        throw new Error(`install link answered ${start.status}: ${await start.text()}`);
      const callback = await consent(authorize, {});
      const done = await fetch(callback, { redirect: 'manual' });
      if (done.status !== 302) throw new Error(`install callback answered ${done.status}: ${await done.text()}`);
      return done.headers.get('location');
    },
    async token() {
      const user = opts.userId ? `&userId=${encodeURIComponent(opts.userId)}` : '';
      return (await json<{ token: string }>(`${control}/control/session-token?shop=${shop}${user}`)).token;
    },
    async api<T>(path: string, init: RequestInit = {}): Promise<T> {
      const token = await this.token();
      return json<T>(`${gatewayUrl}${path}`, {
        ...init,
        headers: { ...init.headers, Authorization: `Bearer ${token}` },
      });
    },
    async connectLexware() {
      const { url } = await this.api<{ url: string }>('/api/lexoffice/auth');
      const callback = await consent(url, { decision: 'allow', organizationId: 'new' });
      const res = await fetch(callback);
      if (!res.ok) throw new Error(`Lexware callback answered ${res.status}: ${await res.text()}`);
    },
    async createOrder(input: Record<string, unknown>) {
      return json<{ order: { id: number; name: string; total_price: string } }>(
        `${control}/control/shops/${shop}/orders`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(input),
        },
      );
    },
    async payOrder(id: number) {
      return json(`${control}/control/shops/${shop}/orders/${id}/pay`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
    },
  };
}

function decode(s: string): string {
  return s
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/**
 * Polls `probe` until it answers. On timeout the error says what `explain` saw then (when given), so a CI log's
 * one line tells a stuck product from a slow one.
 */
export async function eventually<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
  explain?: () => Promise<string>,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > until) {
      const seen = explain ? await explain().catch((error: unknown) => `(explain failed: ${String(error)})`) : '';
      throw new Error(
        `condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}${seen ? `; seen: ${seen}` : ''}`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
