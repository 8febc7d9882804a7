/*
 * Every GraphQL document the app sends to Shopify's Admin API, and the builders of those made at run time.
 * They live here, and only here, so that documents.test.ts can validate each against Shopify's published
 * schema of SHOPIFY_API_VERSION; a document elsewhere would reach Shopify unchecked (the test looks for them).
 */

// Page sizes keep a query's requested cost under Shopify's limit of 1000.
export const ORDERS_PER_PAGE = 5;
const LINE_ITEMS_PER_PAGE = 10;

const MONEY = 'shopMoney { amount currencyCode }';
const TAX_LINE = `title rate priceSet { ${MONEY} }`;
const ADDRESS = 'firstName lastName name company address1 address2 city zip province country countryCodeV2 phone';
const LINE_ITEM = `id name title sku variantTitle vendor quantity originalUnitPriceSet { ${MONEY} } totalDiscountSet { ${MONEY} } taxLines { ${TAX_LINE} }`;
const LINE_ITEMS = `pageInfo { hasNextPage endCursor } nodes { ${LINE_ITEM} }`;
const ORDER_FIELDS = `
  id legacyResourceId name email phone note createdAt updatedAt cancelledAt currencyCode taxesIncluded
  displayFinancialStatus displayFulfillmentStatus sourceName tags paymentGatewayNames discountCodes
  customAttributes { key value }
  totalPriceSet { ${MONEY} } subtotalPriceSet { ${MONEY} } totalTaxSet { ${MONEY} } totalDiscountsSet { ${MONEY} } totalRefundedSet { ${MONEY} }
  customer { legacyResourceId defaultEmailAddress { emailAddress } firstName lastName }
  billingAddress { ${ADDRESS} } shippingAddress { ${ADDRESS} }
`;
const SHIPPING_LINE = `id title code originalPriceSet { ${MONEY} } discountedPriceSet { ${MONEY} } taxLines { ${TAX_LINE} }`;
const ORDER = `${ORDER_FIELDS}
  lineItems(first: ${LINE_ITEMS_PER_PAGE}) { ${LINE_ITEMS} }
  shippingLines(first: 5) { nodes { ${SHIPPING_LINE} } }
`;
const BULK_FIELDS = 'id status errorCode objectCount rootObjectCount url';

/** The documents the app sends as they are, by operation name. */
export const ADMIN_DOCUMENTS = {
  Orders: `query Orders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query) { pageInfo { hasNextPage endCursor } nodes { ${ORDER} } }
}`,
  Order: `query Order($id: ID!) { order(id: $id) { ${ORDER} } }`,
  MoreLineItems: `query MoreLineItems($id: ID!, $after: String) {
  order(id: $id) { lineItems(first: 100, after: $after) { ${LINE_ITEMS} } }
}`,
  OrderRefunds: `query OrderRefunds($id: ID!) { order(id: $id) { refunds {
  id legacyResourceId createdAt note return { id }
  refundLineItems(first: 100) { nodes { id quantity restockType lineItem { id title } subtotalSet { ${MONEY} } totalTaxSet { ${MONEY} } } }
  refundShippingLines(first: 5) { nodes { id subtotalAmountSet { ${MONEY} } taxAmountSet { ${MONEY} } } }
  orderAdjustments(first: 10) { nodes { id amountSet { ${MONEY} } taxAmountSet { ${MONEY} } reason } }
  transactions(first: 10) { nodes { id kind status gateway amountSet { ${MONEY} } } }
} } }`,
  OrderPayments: `query OrderPayments($id: ID!) {
  order(id: $id) {
    transactions(first: 50) {
      id kind status gateway processedAt createdAt
      amountSet { shopMoney { amount currencyCode } }
      fees { amount { amount currencyCode } taxAmount { amount } }
    }
  }
}`,
  MarkPaid: `mutation MarkPaid($input: OrderMarkAsPaidInput!) {
  orderMarkAsPaid(input: $input) { order { id displayFinancialStatus } userErrors { field message } }
}`,
  MetafieldsSet: `mutation MetafieldsSet($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) { metafields { namespace key value } userErrors { field message code } }
}`,
  RunBulk: `mutation RunBulk($query: String!) {
  bulkOperationRunQuery(query: $query) { bulkOperation { ${BULK_FIELDS} } userErrors { field message code } }
}`,
  CurrentBulk: `query CurrentBulk { currentBulkOperation(type: QUERY) { ${BULK_FIELDS} query } }`,
  BulkStatus: `query BulkStatus($id: ID!) { node(id: $id) { ... on BulkOperation { ${BULK_FIELDS} } } }`,
  ShopDetails: 'query ShopDetails { shop { id name email plan { displayName } } }',
  ShopPlan: 'query ShopPlan { shop { plan { displayName partnerDevelopment } } }',
  StoreCreated: 'query StoreCreated { shop { createdAt } }',
  OrderFormat: 'query OrderFormat { shop { orderNumberFormatPrefix orderNumberFormatSuffix } }',
  Subscribe: `mutation Subscribe($name: String!, $lineItems: [AppSubscriptionLineItemInput!]!, $returnUrl: URL!, $test: Boolean, $trialDays: Int) {
  appSubscriptionCreate(name: $name, lineItems: $lineItems, returnUrl: $returnUrl, test: $test, trialDays: $trialDays) {
    confirmationUrl appSubscription { id status } userErrors { field message }
  }
}`,
  ActiveSubscriptions: 'query ActiveSubscriptions { currentAppInstallation { activeSubscriptions { id status } } }',
  SubscriptionPeriods:
    'query SubscriptionPeriods { currentAppInstallation { activeSubscriptions { id status currentPeriodEnd } } }',
  Purchase: `mutation Purchase($name: String!, $price: MoneyInput!, $returnUrl: URL!, $test: Boolean) {
  appPurchaseOneTimeCreate(name: $name, price: $price, returnUrl: $returnUrl, test: $test) {
    confirmationUrl appPurchaseOneTime { id status } userErrors { field message }
  }
}`,
  Purchases: `query Purchases($after: String) {
  currentAppInstallation { oneTimePurchases(first: 50, after: $after, reverse: true) { nodes { id status } pageInfo { hasNextPage endCursor } } }
}`,
  Cancel: `mutation Cancel($id: ID!) {
  appSubscriptionCancel(id: $id, prorate: false) { appSubscription { id status } userErrors { field message } }
}`,
  WebhookSubscriptions: 'query WebhookSubscriptions { webhookSubscriptions(first: 100) { nodes { id topic uri } } }',
  WebhookSubscriptionDelete:
    'mutation WebhookSubscriptionDelete($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { message } } }',
  WebhookSubscriptionCreate:
    'mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) { webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id } userErrors { message } } }',
} as const;

/** Shopify's order search syntax for orders created in [from, to) (to open when absent). */
export const createdBetween = (range: { from: string; to?: string }) =>
  [`created_at:>='${range.from}'`, ...(range.to ? [`created_at:<'${range.to}'`] : [])].join(' ');

/**
 * The bulk query for every order created in [from, to) (to open when absent): the same fields,
 * its line items and shipping lines as nested connections, which the JSONL result gives as
 * lines of their own. The export costs one mutation, not the 150 points an order costs a page.
 */
export function bulkOrdersQuery(from: string, to?: string): string {
  return `{ orders(query: ${JSON.stringify(createdBetween({ from, to }))}) { edges { node { ${ORDER_FIELDS}
    lineItems { edges { node { __typename ${LINE_ITEM} } } }
    shippingLines { edges { node { __typename ${SHIPPING_LINE} } } }
  } } } }`;
}

export type MetafieldOwner = 'shop' | 'order' | 'customer' | 'company' | 'product' | 'variant';
export type WantedMetafield = { namespace: string; key: string; alias: string };

/** One aliased `metafield(namespace, key)` selection per entry, with the arguments as variables. */
function selections(list: readonly WantedMetafield[], vars: Record<string, unknown>, defs: string[]): string {
  return list
    .map((w) => {
      defs.push(`$${w.alias}ns: String!`, `$${w.alias}k: String!`);
      vars[`${w.alias}ns`] = w.namespace;
      vars[`${w.alias}k`] = w.key;
      return `${w.alias}: metafield(namespace: $${w.alias}ns, key: $${w.alias}k) { value }`;
    })
    .join(' ');
}

/** Some of an order's own metafields, each under its alias. */
export function orderMetafieldsQuery(
  orderId: string,
  list: readonly WantedMetafield[],
): { query: string; variables: Record<string, unknown> } {
  const variables: Record<string, unknown> = { order: orderId };
  const defs = ['$order: ID!'];
  const fields = selections(list, variables, defs);
  return {
    query: `query OrderMetafields(${defs.join(', ')}) { order(id: $order) { ${fields} } }`,
    variables,
  };
}

/**
 * The configured metafields of the shop, the order, its customer or company and the products and variants
 * of its line items, in one query, each under its alias.
 */
export function readMetafieldsQuery(
  orderId: string,
  list: readonly (WantedMetafield & { resource: MetafieldOwner })[],
): { query: string; variables: Record<string, unknown> } {
  const variables: Record<string, unknown> = {};
  const defs: string[] = [];
  const of = (resource: MetafieldOwner) => list.filter((e) => e.resource === resource);
  const parts: string[] = [];
  if (of('shop').length) parts.push(`shop { ${selections(of('shop'), variables, defs)} }`);
  const inOrder: string[] = [];
  if (of('order').length) inOrder.push(selections(of('order'), variables, defs));
  if (of('customer').length) inOrder.push(`customer { ${selections(of('customer'), variables, defs)} }`);
  if (of('company').length)
    inOrder.push(
      `purchasingEntity { ... on PurchasingCompany { company { ${selections(of('company'), variables, defs)} } } }`,
    );
  const product = of('product').length ? `product { ${selections(of('product'), variables, defs)} }` : '';
  const variant = of('variant').length ? `variant { ${selections(of('variant'), variables, defs)} }` : '';
  if (product || variant) inOrder.push(`lineItems(first: 50) { nodes { ${product} ${variant} } }`);
  if (inOrder.length) {
    defs.unshift('$order: ID!');
    variables.order = orderId;
    parts.push(`order(id: $order) { ${inOrder.join(' ')} }`);
  }
  return { query: `query ReadMetafields(${defs.join(', ')}) { ${parts.join(' ')} }`, variables };
}
