import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { freePort } from './ports';

const root = fileURLToPath(new URL('../..', import.meta.url));

export async function waitForHttp(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * The built shell and remotes, each served by its own preview server on a free
 * port, exactly as they deploy: the shell finds the remotes through config.json.
 */
export async function serveFrontends(opts: { gatewayUrl: string; sandboxUrl: string }) {
  const ports = {
    shell: await freePort(),
    preferences: await freePort(),
    partner: await freePort(),
    admin: await freePort(),
  };
  const children: ChildProcess[] = [];
  const env = {
    ...process.env,
    GATEWAY_URL: opts.gatewayUrl,
    SANDBOX_URL: opts.sandboxUrl,
    SHELL_REMOTE_PREFERENCES: `http://127.0.0.1:${ports.preferences}/mf-manifest.json`,
    SHELL_REMOTE_PARTNER: `http://127.0.0.1:${ports.partner}/mf-manifest.json`,
    SHELL_REMOTE_ADMIN: `http://127.0.0.1:${ports.admin}/mf-manifest.json`,
  };
  for (const [app, port] of Object.entries(ports)) {
    const child = spawn(`${root}/node_modules/.bin/rsbuild`, ['preview'], {
      cwd: `${root}/frontends/${app}`,
      env: { ...env, PORT: String(port) },
      stdio: 'ignore',
      detached: true,
    });
    children.push(child);
  }
  const urls = Object.fromEntries(
    Object.entries(ports).map(([app, port]) => [app, `http://127.0.0.1:${port}`]),
  ) as Record<keyof typeof ports, string>;
  await Promise.all([
    waitForHttp(`${urls.shell}/config.json`),
    ...(['preferences', 'partner', 'admin'] as const).map((r) => waitForHttp(`${urls[r]}/mf-manifest.json`)),
  ]);
  return {
    urls,
    /** Stops one remote, to see how the shell copes when it is down. */
    stopRemote(app: 'preferences' | 'partner' | 'admin') {
      const i = Object.keys(ports).indexOf(app);
      const child = children[i];
      if (child?.pid) process.kill(-child.pid, 'SIGTERM');
    },
    async stop() {
      for (const child of children) {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGTERM');
        } catch {
          /* already gone */
        }
      }
    },
  };
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const screenshotDir = `${root}/.data/screenshots`;

/** A full-page screenshot under .data/screenshots, for people to look at after a run. */
export async function screenshot(page: import('playwright-core').Page, name: string): Promise<string> {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(screenshotDir, { recursive: true });
  const path = `${screenshotDir}/${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * A Lexware organisation in the sandbox that already holds one finalised invoice
 * with the given remark, as a merchant's account does before connecting.
 */
export async function lexwareOrganization(
  urls: { control: string; lexwareApi: string },
  opts: { companyName: string; invoiceRemark: string },
): Promise<{ id: string; invoiceId: string }> {
  const post = async <T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const pause = () => new Promise((r) => setTimeout(r, 600)); // the stand-in allows 2 requests per second
  const org = await post<{ id: string }>(`${urls.control}/control/lexware/organizations`, {
    companyName: opts.companyName,
  });
  const { access_token } = await post<{ access_token: string }>(`${urls.control}/control/lexware/tokens`, {
    organizationId: org.id,
  });
  const auth = { Authorization: `Bearer ${access_token}` };
  const contact = await post<{ id: string }>(
    `${urls.lexwareApi}/contacts`,
    {
      version: 0,
      roles: { customer: {} },
      person: { firstName: 'Erika', lastName: 'Mustermann' },
      addresses: { billing: [{ street: 'Hauptstr. 5', zip: '50667', city: 'Köln', countryCode: 'DE' }] },
    },
    auth,
  );
  await pause();
  const date = new Date().toISOString();
  const invoice = await post<{ id: string }>(
    `${urls.lexwareApi}/invoices?finalize=true`,
    {
      voucherDate: date,
      address: { contactId: contact.id },
      totalPrice: { currency: 'EUR' },
      taxConditions: { taxType: 'gross' },
      shippingConditions: { shippingType: 'delivery', shippingDate: date },
      title: 'Rechnung',
      remark: opts.invoiceRemark,
      lineItems: [
        {
          type: 'custom',
          name: 'Kaffeebohnen',
          quantity: 1,
          unitName: 'Stück',
          unitPrice: { currency: 'EUR', grossAmount: 19, taxRatePercentage: 7 },
        },
      ],
    },
    auth,
  );
  await pause();
  return { id: org.id, invoiceId: invoice.id };
}
