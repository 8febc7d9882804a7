import type { ShopifyOrder } from '../orders/types.js';

/**
 * Shopify's search syntax for orders, the part the app uses: space-separated terms joined by AND,
 * `field:value` with optional >, >=, <, <= for dates, quotes around values, and a bare word as name/email.
 */
export function orderMatcher(query: string | null | undefined): (o: ShopifyOrder) => boolean {
  if (!query || query.trim() === '') return () => true;
  const terms = query.match(/(\w+:(?:[<>]=?)?(?:"[^"]*"|'[^']*'|\S+))|\S+/g) ?? [];
  const tests = terms.filter((t) => t.toUpperCase() !== 'AND').map((term) => {
    const m = /^(\w+):([<>]=?)?(.*)$/.exec(term);
    if (!m) return (o: ShopifyOrder) => o.name.includes(term) || (o.email ?? '').includes(term);
    const [, field, op, rawValue] = m;
    const value = (rawValue ?? '').replace(/^["']|["']$/g, '');
    switch (field) {
      case 'created_at':
      case 'updated_at':
      case 'processed_at': {
        const bound = Date.parse(value);
        return (o: ShopifyOrder) => {
          const t = Date.parse(String(o[field]));
          if (op === '>') return t > bound;
          if (op === '>=') return t >= bound;
          if (op === '<') return t < bound;
          if (op === '<=') return t <= bound;
          return new Date(t).toISOString().slice(0, 10) === value.slice(0, 10);
        };
      }
      case 'financial_status':
        return (o: ShopifyOrder) => o.financial_status === value;
      case 'fulfillment_status':
        return (o: ShopifyOrder) => (o.fulfillment_status ?? 'unfulfilled') === value;
      case 'name':
        return (o: ShopifyOrder) => o.name === value || o.name === `#${value}`;
      case 'email':
        return (o: ShopifyOrder) => (o.email ?? '').toLowerCase() === value.toLowerCase();
      case 'tag':
        return (o: ShopifyOrder) => o.tags.split(', ').includes(value);
      case 'id':
        return (o: ShopifyOrder) => String(o.id) === value;
      case 'status':
        return (o: ShopifyOrder) => (value === 'cancelled' ? o.cancelled_at !== null : value === 'closed' ? o.closed_at !== null : o.closed_at === null);
      default:
        return () => true;
    }
  });
  return (o) => tests.every((t) => t(o));
}
