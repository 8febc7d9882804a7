import { buildSchema } from 'graphql';
import { ENUMS_SDL } from './enums.js';

/**
 * The subset of the Admin GraphQL API that the app uses, with Shopify's names and shapes: schema.contract.test.ts
 * holds it against Shopify's published schema of the version the app pins.
 */
export const SDL = /* GraphQL */ `
  scalar DateTime
  scalar Decimal
  scalar URL
  scalar JSON

  type QueryRoot {
    shop: Shop!
    orders(
      first: Int
      after: String
      last: Int
      before: String
      query: String
      sortKey: OrderSortKeys = PROCESSED_AT
      reverse: Boolean = false
    ): OrderConnection!
    order(id: ID!): Order
    customers(
      first: Int
      after: String
      last: Int
      before: String
      query: String
      sortKey: CustomerSortKeys = ID
      reverse: Boolean = false
    ): CustomerConnection!
    customer(id: ID!): Customer
    companies(
      first: Int
      after: String
      last: Int
      before: String
      query: String
      sortKey: CompanySortKeys = ID
      reverse: Boolean = false
    ): CompanyConnection!
    company(id: ID!): Company
    currentAppInstallation: AppInstallation!
    webhookSubscriptions(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
      topics: [WebhookSubscriptionTopic!]
      format: WebhookSubscriptionFormat
      uri: String
      callbackUrl: URL
    ): WebhookSubscriptionConnection!
    currentBulkOperation(type: BulkOperationType = QUERY): BulkOperation
    node(id: ID!): Node
  }

  type Mutation {
    metafieldsSet(metafields: [MetafieldsSetInput!]!): MetafieldsSetPayload
    orderMarkAsPaid(input: OrderMarkAsPaidInput!): OrderMarkAsPaidPayload
    webhookSubscriptionCreate(
      topic: WebhookSubscriptionTopic!
      webhookSubscription: WebhookSubscriptionInput!
    ): WebhookSubscriptionCreatePayload
    webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
    appSubscriptionCreate(
      name: String!
      lineItems: [AppSubscriptionLineItemInput!]!
      returnUrl: URL!
      test: Boolean = false
      trialDays: Int
      replacementBehavior: AppSubscriptionReplacementBehavior = STANDARD
    ): AppSubscriptionCreatePayload
    appSubscriptionCancel(id: ID!, prorate: Boolean = false): AppSubscriptionCancelPayload
    appPurchaseOneTimeCreate(
      name: String!
      price: MoneyInput!
      returnUrl: URL!
      test: Boolean = false
    ): AppPurchaseOneTimeCreatePayload
    bulkOperationRunQuery(query: String!, groupObjects: Boolean! = false): BulkOperationRunQueryPayload
    orderEditBegin(id: ID!): OrderEditBeginPayload
    orderEditAddVariant(
      allowDuplicates: Boolean = false
      id: ID!
      locationId: ID
      quantity: Int!
      variantId: ID!
    ): OrderEditAddVariantPayload
    orderEditAddCustomItem(
      id: ID!
      locationId: ID
      price: MoneyInput!
      quantity: Int!
      requiresShipping: Boolean
      taxable: Boolean
      title: String!
    ): OrderEditAddCustomItemPayload
    orderEditAddLineItemDiscount(
      discount: OrderEditAppliedDiscountInput!
      id: ID!
      lineItemId: ID!
    ): OrderEditAddLineItemDiscountPayload
    orderEditSetQuantity(
      id: ID!
      lineItemId: ID!
      locationId: ID
      quantity: Int!
      restock: Boolean
    ): OrderEditSetQuantityPayload
    orderEditAddShippingLine(id: ID!, shippingLine: OrderEditAddShippingLineInput!): OrderEditAddShippingLinePayload
    orderEditRemoveShippingLine(id: ID!, shippingLineId: ID!): OrderEditRemoveShippingLinePayload
    orderEditCommit(id: ID!, notifyCustomer: Boolean, staffNote: String): OrderEditCommitPayload
  }

  type CalculatedOrder implements Node {
    id: ID!
    committed: Boolean!
    totalPriceSet: MoneyBag!
    subtotalLineItemsQuantity: Int!
    originalOrder: Order!
  }
  type CalculatedLineItem {
    id: ID!
    quantity: Int!
    title: String!
    editableQuantity: Int!
  }
  enum CalculatedShippingLineStagedStatus {
    ADDED
    NONE
    REMOVED
  }
  type CalculatedShippingLine {
    id: ID
    title: String!
    price: MoneyBag!
    stagedStatus: CalculatedShippingLineStagedStatus!
  }
  type OrderEditSession implements Node {
    id: ID!
  }
  input OrderEditAppliedDiscountInput {
    description: String
    fixedValue: MoneyInput
    percentValue: Float
  }
  type PricingPercentageValue {
    percentage: Float!
  }
  union PricingValue = MoneyV2 | PricingPercentageValue
  type OrderStagedChangeAddLineItemDiscount {
    description: String!
    id: ID!
    value: PricingValue!
  }
  type OrderEditAddLineItemDiscountPayload {
    addedDiscountStagedChange: OrderStagedChangeAddLineItemDiscount
    calculatedLineItem: CalculatedLineItem
    calculatedOrder: CalculatedOrder
    orderEditSession: OrderEditSession
    userErrors: [UserError!]!
  }
  input OrderEditAddShippingLineInput {
    price: MoneyInput!
    title: String!
  }
  interface DisplayableError {
    field: [String!]
    message: String!
  }
  type OrderEditAddShippingLineUserError implements DisplayableError {
    field: [String!]
    message: String!
  }
  type OrderEditRemoveShippingLineUserError implements DisplayableError {
    field: [String!]
    message: String!
  }
  type OrderEditBeginPayload {
    calculatedOrder: CalculatedOrder
    orderEditSession: OrderEditSession
    userErrors: [UserError!]!
  }
  type OrderEditAddVariantPayload {
    calculatedLineItem: CalculatedLineItem
    calculatedOrder: CalculatedOrder
    orderEditSession: OrderEditSession
    userErrors: [UserError!]!
  }
  type OrderEditAddCustomItemPayload {
    calculatedLineItem: CalculatedLineItem
    calculatedOrder: CalculatedOrder
    orderEditSession: OrderEditSession
    userErrors: [UserError!]!
  }
  type OrderEditSetQuantityPayload {
    calculatedLineItem: CalculatedLineItem
    calculatedOrder: CalculatedOrder
    orderEditSession: OrderEditSession
    userErrors: [UserError!]!
  }
  type OrderEditAddShippingLinePayload {
    calculatedOrder: CalculatedOrder
    calculatedShippingLine: CalculatedShippingLine
    orderEditSession: OrderEditSession
    userErrors: [OrderEditAddShippingLineUserError!]!
  }
  type OrderEditRemoveShippingLinePayload {
    calculatedOrder: CalculatedOrder
    orderEditSession: OrderEditSession
    userErrors: [OrderEditRemoveShippingLineUserError!]!
  }
  type OrderEditCommitPayload {
    order: Order
    successMessages: [String!]
    userErrors: [UserError!]!
  }

  interface Node {
    id: ID!
  }
  scalar UnsignedInt64
  enum BulkOperationStatus {
    CANCELED
    CANCELING
    COMPLETED
    CREATED
    EXPIRED
    FAILED
    RUNNING
  }
  enum BulkOperationType {
    MUTATION
    QUERY
  }
  enum BulkOperationErrorCode {
    ACCESS_DENIED
    INTERNAL_SERVER_ERROR
    TIMEOUT
  }
  enum BulkOperationUserErrorCode {
    INVALID
    LIMIT_REACHED
    OPERATION_IN_PROGRESS
  }
  type BulkOperation implements Node {
    id: ID!
    status: BulkOperationStatus!
    type: BulkOperationType!
    errorCode: BulkOperationErrorCode
    createdAt: DateTime!
    completedAt: DateTime
    objectCount: UnsignedInt64!
    rootObjectCount: UnsignedInt64!
    fileSize: UnsignedInt64
    url: URL
    partialDataUrl: URL
    query: String!
  }
  type BulkOperationUserError {
    field: [String!]
    message: String!
    code: BulkOperationUserErrorCode
  }
  type BulkOperationRunQueryPayload {
    bulkOperation: BulkOperation
    userErrors: [BulkOperationUserError!]!
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }
  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }
  type MoneyBag {
    shopMoney: MoneyV2!
    presentmentMoney: MoneyV2!
  }
  type UserError {
    field: [String!]
    message: String!
  }
  type MetafieldsSetUserError {
    field: [String!]
    message: String!
    code: MetafieldsSetUserErrorCode
    elementIndex: Int
  }
  type Attribute {
    key: String!
    value: String
  }

  type ShopPlan {
    displayName: String!
    partnerDevelopment: Boolean!
    shopifyPlus: Boolean!
    publicDisplayName: String!
  }
  type ShopAddress {
    country: String
    countryCodeV2: CountryCode
    city: String
    zip: String
    address1: String
  }
  type Shop {
    id: ID!
    name: String!
    email: String!
    contactEmail: String!
    myshopifyDomain: String!
    url: URL!
    currencyCode: CurrencyCode!
    ianaTimezone: String!
    plan: ShopPlan!
    billingAddress: ShopAddress!
    createdAt: DateTime!
    orderNumberFormatPrefix: String!
    orderNumberFormatSuffix: String!
    metafield(namespace: String, key: String!): Metafield
    metafields(first: Int, namespace: String): MetafieldConnection!
  }

  type MailingAddress {
    firstName: String
    lastName: String
    name: String
    company: String
    address1: String
    address2: String
    city: String
    zip: String
    province: String
    country: String
    countryCodeV2: CountryCode
    phone: String
  }

  type TaxLine {
    title: String!
    rate: Float
    ratePercentage: Float
    priceSet: MoneyBag!
    channelLiable: Boolean
  }
  type DiscountAllocation {
    allocatedAmountSet: MoneyBag!
  }

  type LineItem {
    id: ID!
    name: String!
    title: String!
    sku: String
    variantTitle: String
    vendor: String
    quantity: Int!
    currentQuantity: Int!
    taxable: Boolean!
    requiresShipping: Boolean!
    originalUnitPriceSet: MoneyBag!
    discountedUnitPriceSet: MoneyBag!
    originalTotalSet: MoneyBag!
    totalDiscountSet: MoneyBag!
    taxLines: [TaxLine!]!
    discountAllocations: [DiscountAllocation!]!
    customAttributes: [Attribute!]!
    product: Product
    variant: ProductVariant
  }
  type Product {
    id: ID!
    title: String!
    vendor: String!
    metafield(namespace: String, key: String!): Metafield
    metafields(first: Int, namespace: String): MetafieldConnection!
  }
  type ProductVariant {
    id: ID!
    title: String!
    sku: String
    metafield(namespace: String, key: String!): Metafield
    metafields(first: Int, namespace: String): MetafieldConnection!
  }
  type LineItemEdge {
    cursor: String!
    node: LineItem!
  }
  type LineItemConnection {
    edges: [LineItemEdge!]!
    nodes: [LineItem!]!
    pageInfo: PageInfo!
  }

  type ShippingLine {
    id: ID
    title: String!
    code: String
    originalPriceSet: MoneyBag!
    discountedPriceSet: MoneyBag!
    taxLines: [TaxLine!]!
  }
  type ShippingLineEdge {
    cursor: String!
    node: ShippingLine!
  }
  type ShippingLineConnection {
    edges: [ShippingLineEdge!]!
    nodes: [ShippingLine!]!
    pageInfo: PageInfo!
  }

  type TransactionFee {
    id: ID!
    amount: MoneyV2!
    flatFee: MoneyV2!
    flatFeeName: String
    rate: Decimal!
    rateName: String
    taxAmount: MoneyV2!
    type: String!
  }
  type OrderTransaction {
    id: ID!
    kind: OrderTransactionKind!
    status: OrderTransactionStatus!
    gateway: String
    amountSet: MoneyBag!
    processedAt: DateTime
    createdAt: DateTime!
    fees: [TransactionFee!]!
  }
  type Refund {
    id: ID!
    legacyResourceId: UnsignedInt64!
    createdAt: DateTime
    note: String
    return: Return
    totalRefundedSet: MoneyBag!
    refundLineItems(first: Int, after: String): RefundLineItemConnection!
    refundShippingLines(first: Int, after: String): RefundShippingLineConnection!
    orderAdjustments(first: Int, after: String): OrderAdjustmentConnection!
    transactions(first: Int, after: String): OrderTransactionConnection!
  }
  type Return implements Node {
    id: ID!
  }
  type RefundLineItem {
    id: ID
    quantity: Int!
    restockType: RefundLineItemRestockType!
    lineItem: LineItem!
    subtotalSet: MoneyBag!
    totalTaxSet: MoneyBag!
  }
  type RefundLineItemEdge {
    cursor: String!
    node: RefundLineItem!
  }
  type RefundLineItemConnection {
    edges: [RefundLineItemEdge!]!
    nodes: [RefundLineItem!]!
    pageInfo: PageInfo!
  }
  type RefundShippingLine {
    id: ID!
    shippingLine: ShippingLine!
    subtotalAmountSet: MoneyBag!
    taxAmountSet: MoneyBag!
  }
  type RefundShippingLineEdge {
    cursor: String!
    node: RefundShippingLine!
  }
  type RefundShippingLineConnection {
    edges: [RefundShippingLineEdge!]!
    nodes: [RefundShippingLine!]!
    pageInfo: PageInfo!
  }
  enum OrderAdjustmentDiscrepancyReason {
    CUSTOMER
    DAMAGE
    FULL_RETURN_BALANCING_ADJUSTMENT
    PENDING_REFUND_DISCREPANCY
    REFUND_DISCREPANCY
    RESTOCK
  }
  type OrderAdjustment {
    id: ID!
    amountSet: MoneyBag!
    taxAmountSet: MoneyBag!
    reason: OrderAdjustmentDiscrepancyReason
  }
  type OrderAdjustmentEdge {
    cursor: String!
    node: OrderAdjustment!
  }
  type OrderAdjustmentConnection {
    edges: [OrderAdjustmentEdge!]!
    nodes: [OrderAdjustment!]!
    pageInfo: PageInfo!
  }
  type OrderTransactionEdge {
    cursor: String!
    node: OrderTransaction!
  }
  type OrderTransactionConnection {
    edges: [OrderTransactionEdge!]!
    nodes: [OrderTransaction!]!
    pageInfo: PageInfo!
  }

  type Metafield {
    id: ID!
    namespace: String!
    key: String!
    value: String!
    type: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    ownerType: MetafieldOwnerType!
    compareDigest: String!
  }
  type MetafieldEdge {
    cursor: String!
    node: Metafield!
  }
  type MetafieldConnection {
    edges: [MetafieldEdge!]!
    nodes: [Metafield!]!
    pageInfo: PageInfo!
  }

  type CompanyLocationTaxSettings {
    taxRegistrationId: String
    taxExempt: Boolean!
    taxExemptions: [TaxExemption!]!
  }
  type CompanyAddress {
    address1: String!
    city: String
    zip: String
    countryCode: CountryCode!
    companyName: String!
  }
  type CompanyLocation {
    id: ID!
    name: String!
    externalId: String
    note: String
    createdAt: DateTime!
    billingAddress: CompanyAddress
    shippingAddress: CompanyAddress
    taxSettings: CompanyLocationTaxSettings!
    taxRegistrationId: String @deprecated(reason: "Use taxSettings instead.")
  }
  type CompanyLocationEdge {
    cursor: String!
    node: CompanyLocation!
  }
  type CompanyLocationConnection {
    edges: [CompanyLocationEdge!]!
    nodes: [CompanyLocation!]!
    pageInfo: PageInfo!
  }
  type Company {
    id: ID!
    name: String!
    externalId: String
    note: String
    createdAt: DateTime!
    updatedAt: DateTime!
    ordersCount: Count
    locations(first: Int, after: String, last: Int, before: String): CompanyLocationConnection!
    metafield(namespace: String, key: String!): Metafield
    metafields(first: Int, namespace: String): MetafieldConnection!
  }
  type Count {
    count: Int!
    precision: CountPrecision!
  }
  enum OrderSortKeys {
    CREATED_AT
    CUSTOMER_NAME
    DESTINATION
    FINANCIAL_STATUS
    FULFILLMENT_STATUS
    ID
    ORDER_NUMBER
    PO_NUMBER
    PROCESSED_AT
    RELEVANCE
    TOTAL_ITEMS_QUANTITY
    TOTAL_PRICE
    UPDATED_AT
  }
  enum CustomerSortKeys {
    CREATED_AT
    ID
    LOCATION
    NAME
    RELEVANCE
    UPDATED_AT
  }
  enum CompanySortKeys {
    CREATED_AT
    ID
    NAME
    ORDER_COUNT
    SINCE_DATE
    TOTAL_SPENT
    UPDATED_AT
  }
  type CompanyEdge {
    cursor: String!
    node: Company!
  }
  type CompanyConnection {
    edges: [CompanyEdge!]!
    nodes: [Company!]!
    pageInfo: PageInfo!
  }
  type PurchasingCompany {
    company: Company!
    location: CompanyLocation!
  }
  union PurchasingEntity = Customer | PurchasingCompany

  type Customer {
    id: ID!
    legacyResourceId: UnsignedInt64!
    firstName: String
    lastName: String
    displayName: String!
    email: String @deprecated(reason: "Use \`defaultEmailAddress.emailAddress\` instead.")
    defaultEmailAddress: CustomerEmailAddress
    phone: String
    createdAt: DateTime!
    updatedAt: DateTime!
    taxExempt: Boolean!
    tags: [String!]!
    note: String
    defaultAddress: MailingAddress
    metafield(namespace: String, key: String!): Metafield
    metafields(first: Int, namespace: String): MetafieldConnection!
  }
  type CustomerEmailAddress {
    emailAddress: String!
    validFormat: Boolean!
  }
  type CustomerEdge {
    cursor: String!
    node: Customer!
  }
  type CustomerConnection {
    edges: [CustomerEdge!]!
    nodes: [Customer!]!
    pageInfo: PageInfo!
  }

  type Order {
    id: ID!
    legacyResourceId: UnsignedInt64!
    name: String!
    email: String
    phone: String
    note: String
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime!
    cancelledAt: DateTime
    cancelReason: OrderCancelReason
    closed: Boolean!
    test: Boolean!
    confirmed: Boolean!
    currencyCode: CurrencyCode!
    presentmentCurrencyCode: CurrencyCode!
    taxesIncluded: Boolean!
    taxExempt: Boolean!
    displayFinancialStatus: OrderDisplayFinancialStatus
    displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    sourceName: String
    tags: [String!]!
    paymentGatewayNames: [String!]!
    canMarkAsPaid: Boolean!
    fullyPaid: Boolean!
    unpaid: Boolean!
    customAttributes: [Attribute!]!
    discountCodes: [String!]!
    totalPriceSet: MoneyBag!
    subtotalPriceSet: MoneyBag
    totalTaxSet: MoneyBag
    totalDiscountsSet: MoneyBag
    totalShippingPriceSet: MoneyBag!
    totalOutstandingSet: MoneyBag!
    totalRefundedSet: MoneyBag!
    totalTipReceivedSet: MoneyBag!
    currentTotalPriceSet: MoneyBag!
    customer: Customer
    billingAddress: MailingAddress
    shippingAddress: MailingAddress
    purchasingEntity: PurchasingEntity
    taxLines: [TaxLine!]!
    lineItems(first: Int, after: String): LineItemConnection!
    shippingLines(first: Int): ShippingLineConnection!
    transactions(first: Int): [OrderTransaction!]!
    refunds(first: Int): [Refund!]!
    metafield(namespace: String, key: String!): Metafield
    metafields(first: Int, namespace: String): MetafieldConnection!
  }
  type OrderEdge {
    cursor: String!
    node: Order!
  }
  type OrderConnection {
    edges: [OrderEdge!]!
    nodes: [Order!]!
    pageInfo: PageInfo!
  }

  type AccessScope {
    handle: String!
  }
  type App {
    id: ID!
    title: String!
    apiKey: String!
    handle: String
  }
  enum AppSubscriptionStatus {
    ACTIVE
    CANCELLED
    DECLINED
    EXPIRED
    FROZEN
    PENDING
    ACCEPTED
  }
  enum AppPricingInterval {
    ANNUAL
    EVERY_30_DAYS
  }
  enum AppSubscriptionReplacementBehavior {
    APPLY_IMMEDIATELY
    APPLY_ON_NEXT_BILLING_CYCLE
    STANDARD
  }
  input MoneyInput {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }
  input AppSubscriptionDiscountValueInput {
    amount: Decimal
    percentage: Float
  }
  input AppSubscriptionDiscountInput {
    value: AppSubscriptionDiscountValueInput
    durationLimitInIntervals: Int
  }
  input AppRecurringPricingInput {
    price: MoneyInput!
    interval: AppPricingInterval = EVERY_30_DAYS
    discount: AppSubscriptionDiscountInput
  }
  input AppUsagePricingInput {
    cappedAmount: MoneyInput!
    terms: String!
  }
  input AppPlanInput {
    appRecurringPricingDetails: AppRecurringPricingInput
    appUsagePricingDetails: AppUsagePricingInput
  }
  input AppSubscriptionLineItemInput {
    plan: AppPlanInput!
  }
  type AppSubscriptionDiscountAmount {
    amount: MoneyV2!
  }
  type AppSubscriptionDiscountPercentage {
    percentage: Float!
  }
  union AppSubscriptionDiscountValue = AppSubscriptionDiscountAmount | AppSubscriptionDiscountPercentage
  type AppSubscriptionDiscount {
    durationLimitInIntervals: Int
    priceAfterDiscount: MoneyV2!
    remainingDurationInIntervals: Int
    value: AppSubscriptionDiscountValue!
  }
  type AppRecurringPricing {
    price: MoneyV2!
    interval: AppPricingInterval!
    discount: AppSubscriptionDiscount
  }
  type AppUsagePricing {
    cappedAmount: MoneyV2!
    terms: String!
    balanceUsed: MoneyV2!
  }
  union AppPricingDetails = AppRecurringPricing | AppUsagePricing
  type AppPlanV2 {
    pricingDetails: AppPricingDetails!
  }
  type AppSubscriptionLineItem {
    id: ID!
    plan: AppPlanV2!
  }
  type AppSubscription {
    id: ID!
    name: String!
    status: AppSubscriptionStatus!
    test: Boolean!
    createdAt: DateTime!
    trialDays: Int!
    currentPeriodEnd: DateTime
    returnUrl: URL!
    lineItems: [AppSubscriptionLineItem!]!
  }
  enum AppPurchaseStatus {
    ACTIVE
    DECLINED
    EXPIRED
    PENDING
    ACCEPTED
  }
  type AppPurchaseOneTime {
    id: ID!
    name: String!
    price: MoneyV2!
    status: AppPurchaseStatus!
    test: Boolean!
    createdAt: DateTime!
  }
  type AppPurchaseOneTimeEdge {
    cursor: String!
    node: AppPurchaseOneTime!
  }
  type AppPurchaseOneTimeConnection {
    edges: [AppPurchaseOneTimeEdge!]!
    nodes: [AppPurchaseOneTime!]!
    pageInfo: PageInfo!
  }
  type AppInstallation {
    id: ID!
    accessScopes: [AccessScope!]!
    activeSubscriptions: [AppSubscription!]!
    launchUrl: URL!
    app: App!
    oneTimePurchases(
      first: Int
      after: String
      last: Int
      before: String
      reverse: Boolean = false
    ): AppPurchaseOneTimeConnection!
  }

  type WebhookHttpEndpoint {
    callbackUrl: URL!
  }
  union WebhookSubscriptionEndpoint = WebhookHttpEndpoint
  # The compliance topics are not in Shopify's enum: they can only be declared in shopify.app.toml.
  enum WebhookSubscriptionTopic {
    ORDERS_CREATE
    ORDERS_UPDATED
    ORDERS_PAID
    ORDERS_FULFILLED
    ORDERS_PARTIALLY_FULFILLED
    ORDERS_CANCELLED
    ORDERS_EDITED
    REFUNDS_CREATE
    RETURNS_REQUEST
    RETURNS_APPROVE
    RETURNS_DECLINE
    RETURNS_PROCESS
    RETURNS_CLOSE
    RETURNS_REOPEN
    RETURNS_CANCEL
    APP_UNINSTALLED
    APP_SUBSCRIPTIONS_UPDATE
    APP_PURCHASES_ONE_TIME_UPDATE
  }
  enum WebhookSubscriptionFormat {
    JSON
    XML
  }
  type WebhookSubscription {
    id: ID!
    topic: WebhookSubscriptionTopic!
    format: WebhookSubscriptionFormat!
    uri: String!
    callbackUrl: URL!
    endpoint: WebhookSubscriptionEndpoint!
    apiVersion: ApiVersion!
    includeFields: [String!]!
    metafieldNamespaces: [String!]!
    createdAt: DateTime!
    updatedAt: DateTime!
  }
  type ApiVersion {
    handle: String!
    displayName: String!
    supported: Boolean!
  }
  type WebhookSubscriptionEdge {
    cursor: String!
    node: WebhookSubscription!
  }
  type WebhookSubscriptionConnection {
    edges: [WebhookSubscriptionEdge!]!
    nodes: [WebhookSubscription!]!
    pageInfo: PageInfo!
  }

  input MetafieldsSetInput {
    ownerId: ID!
    namespace: String
    key: String!
    type: String
    value: String!
    compareDigest: String
  }
  input OrderMarkAsPaidInput {
    id: ID!
  }
  input WebhookSubscriptionInput {
    uri: String
    callbackUrl: URL
    format: WebhookSubscriptionFormat
    includeFields: [String!]
    metafieldNamespaces: [String!]
    filter: String
  }

  type MetafieldsSetPayload {
    metafields: [Metafield!]
    userErrors: [MetafieldsSetUserError!]!
  }
  type OrderMarkAsPaidPayload {
    order: Order
    userErrors: [UserError!]!
  }
  type WebhookSubscriptionCreatePayload {
    webhookSubscription: WebhookSubscription
    userErrors: [UserError!]!
  }
  type WebhookSubscriptionDeletePayload {
    deletedWebhookSubscriptionId: ID
    userErrors: [UserError!]!
  }
  type AppSubscriptionCreatePayload {
    appSubscription: AppSubscription
    confirmationUrl: URL
    userErrors: [UserError!]!
  }
  type AppSubscriptionCancelPayload {
    appSubscription: AppSubscription
    userErrors: [UserError!]!
  }
  type AppPurchaseOneTimeCreatePayload {
    appPurchaseOneTime: AppPurchaseOneTime
    confirmationUrl: URL
    userErrors: [UserError!]!
  }
`;

export const schema = buildSchema(`schema { query: QueryRoot mutation: Mutation }\n${SDL}\n${ENUMS_SDL}`);
