import type Koa from 'koa';
import type Router from '@koa/router';

/** One route: its method, its path as the router matches it, and what it is for when its module says so. */
export type RouteRow = [method: string, path: string, purpose?: string];

const purposes = new Map<string, string>();

/**
 * A routes module names its routes (`router.get('help.contact', '/api/help/contact', …)`) and says here, next to
 * them, what each is for; the route list finds the purpose by that name. The names are unique in the gateway, so
 * one used twice for different routes is refused when the module loads.
 */
export function describeRoutes(described: Record<string, string>): void {
  for (const [name, purpose] of Object.entries(described)) {
    const known = purposes.get(name);
    if (known !== undefined && known !== purpose) throw new Error(`Route name ${name} is described twice`);
    purposes.set(name, purpose);
  }
}

/**
 * The routes of the built app, read from the routers it mounted (a nested router's routes are copied into its
 * parent's stack with the prefix applied), in the order Koa tries them. Layers without methods are middleware
 * (`router.use`), not routes; the HEAD that @koa/router adds to every GET is left out.
 */
export function routeList(app: Koa): RouteRow[] {
  const rows: RouteRow[] = [];
  for (const middleware of app.middleware) {
    const router = (middleware as { router?: Router }).router;
    if (!router) continue;
    for (const layer of router.stack) {
      if (layer.methods.length === 0) continue;
      const methods = layer.methods.includes('GET') ? layer.methods.filter((m) => m !== 'HEAD') : layer.methods;
      const path = String(layer.path);
      const purpose = layer.name ? purposes.get(layer.name) : undefined;
      for (const method of methods) rows.push(purpose ? [method, path, purpose] : [method, path]);
    }
  }
  return rows;
}

/** The list as the README's table shows it. */
export function routeTable(rows: RouteRow[]): string {
  const cell = (s: string) => s.replaceAll('|', '\\|');
  return [
    '| Method | Path | Purpose |',
    '|---|---|---|',
    ...rows.map(([method, path, purpose]) => `| ${method} | \`${path}\` | ${cell(purpose ?? '')} |`),
  ].join('\n');
}
