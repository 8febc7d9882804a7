import type { Customer, ShopifyOrder } from '../orders/types.js';

/**
 * Shopify's search syntax for orders, the part the app uses: space-separated terms joined by AND,
 * `field:value` with optional >, >=, <, <= for dates, quotes around values, and a bare word as name/email.
 */
export function orderMatcher(query: string | null | undefined): (o: ShopifyOrder) => boolean {
  if (!query || query.trim() === '') return () => true;
  const terms = query.match(/(\w+:(?:[<>]=?)?(?:"[^"]*"|'[^']*'|\S+))|\S+/g) ?? [];
  const tests = terms
    .filter((t) => t.toUpperCase() !== 'AND')
    .map((term) => {
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
          return (o: ShopifyOrder) =>
            value === 'cancelled'
              ? o.cancelled_at !== null
              : value === 'closed'
                ? o.closed_at !== null
                : o.closed_at === null;
        default:
          return () => true;
      }
    });
  return (o) => tests.every((t) => t(o));
}

const time = (v: unknown) => Date.parse(String(v));
const byNumber =
  <T>(f: (x: T) => number) =>
  (a: T, b: T) =>
    f(a) - f(b);

/** OrderSortKeys the app can meet; RELEVANCE and the rest fall back to ID, as Shopify does without a query. */
export function orderComparator(sortKey: string | null | undefined): (a: ShopifyOrder, b: ShopifyOrder) => number {
  switch (sortKey) {
    case 'CREATED_AT':
      return byNumber((o) => time(o.created_at));
    case 'PROCESSED_AT':
      return byNumber((o) => time(o.processed_at));
    case 'UPDATED_AT':
      return byNumber((o) => time(o.updated_at));
    case 'ORDER_NUMBER':
      return byNumber((o) => o.order_number);
    case 'TOTAL_PRICE':
      return byNumber((o) => Number(o.total_price));
    case 'CUSTOMER_NAME':
      return (a, b) =>
        `${a.customer?.last_name ?? ''} ${a.customer?.first_name ?? ''}`.localeCompare(
          `${b.customer?.last_name ?? ''} ${b.customer?.first_name ?? ''}`,
        );
    default:
      return byNumber((o) => o.id);
  }
}

export function customerComparator(sortKey: string | null | undefined): (a: Customer, b: Customer) => number {
  switch (sortKey) {
    case 'CREATED_AT':
      return byNumber((c) => time(c.created_at));
    case 'UPDATED_AT':
      return byNumber((c) => time(c.updated_at));
    case 'NAME':
      return (a, b) => `${a.last_name} ${a.first_name}`.localeCompare(`${b.last_name} ${b.first_name}`);
    default:
      return byNumber((c) => c.id);
  }
}

/** Customer search: `email:`, `country:`, `tag:` and bare words over name and email. */
export function customerMatcher(query: string | null | undefined): (c: Customer) => boolean {
  if (!query || query.trim() === '') return () => true;
  const terms = query.match(/\w+:(?:"[^"]*"|'[^']*'|\S+)|\S+/g) ?? [];
  const tests = terms
    .filter((t) => t.toUpperCase() !== 'AND')
    .map((term) => {
      const m = /^(\w+):(.*)$/.exec(term);
      const value = (m ? m[2]! : term).replace(/^["']|["']$/g, '').toLowerCase();
      switch (m?.[1]) {
        case 'email':
          return (c: Customer) => (c.email ?? '').toLowerCase() === value;
        case 'country':
          return (c: Customer) =>
            (c.default_address?.country_code ?? '').toLowerCase() === value ||
            (c.default_address?.country ?? '').toLowerCase() === value;
        case 'tag':
          return (c: Customer) => (c.tags ?? '').toLowerCase().split(', ').includes(value);
        case 'id':
          return (c: Customer) => String(c.id) === value;
        default:
          return (c: Customer) => `${c.first_name} ${c.last_name} ${c.email ?? ''}`.toLowerCase().includes(value);
      }
    });
  return (c) => tests.every((t) => t(c));
}
