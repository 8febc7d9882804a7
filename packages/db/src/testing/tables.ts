// Generated from the migrated schema: one interface per table, fields under their camelCase names.
// Test support only: code reads and writes through the stores.

import { testTable, type TestJson } from './table';
import { VAT_ID_CHECK_COLUMNS } from '../stores/vat-id-checks';

/** A row of `bank_transactions`. */
export interface BankTransactionTestRow {
  id: string;
  shopId: string;
  orderId: string;
  orderName: string | null;
  paymentId: string;
  gateway: string;
  amount: number;
  feeAmount: number | null;
  financialAccountId: string | null;
  lexwareId: string | null;
  attemptedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
export const bankTransactionsTable = testTable<BankTransactionTestRow>('bank_transactions', [
  'id',
  'shop_id',
  'order_id',
  'order_name',
  'payment_id',
  'gateway',
  'amount',
  'fee_amount',
  'financial_account_id',
  'lexware_id',
  'attempted_at',
  'created_at',
  'updated_at',
]);

/** A row of `completeness_audits`. */
export interface CompletenessAuditTestRow {
  shopId: string;
  month: string;
  orders: number;
  vouchers: number;
  findings: TestJson;
  finishedAt: Date;
}
export const completenessAuditsTable = testTable<CompletenessAuditTestRow>('completeness_audits', [
  'shop_id',
  'month',
  'orders',
  'vouchers',
  'findings',
  'finished_at',
]);

/** A row of `contact_claims`. */
export interface ContactClaimTestRow {
  organizationId: string;
  customerKey: string;
  contactId: string | null;
  owner: string | null;
  claimedUntil: Date | null;
  createStartedAt: Date | null;
}
export const contactClaimsTable = testTable<ContactClaimTestRow>('contact_claims', [
  'organization_id',
  'customer_key',
  'contact_id',
  'owner',
  'claimed_until',
  'create_started_at',
]);

/** A row of `contact_links`. */
export interface ContactLinkTestRow {
  shopId: string;
  email: string;
  contactId: string;
  pushedHash: string;
  updatedAt: Date;
  organizationId: string;
}
export const contactLinksTable = testTable<ContactLinkTestRow>('contact_links', [
  'shop_id',
  'email',
  'contact_id',
  'pushed_hash',
  'updated_at',
  'organization_id',
]);

/** A row of `coupons`. */
export interface CouponTestRow {
  code: string;
  partnerShopId: string | null;
  type: string;
  value: number;
  intervals: number;
  plans: string[];
  comment: string | null;
  active: boolean;
  views: number;
  expiresAt: Date | null;
  createdAt: Date;
}
export const couponsTable = testTable<CouponTestRow>('coupons', [
  'code',
  'partner_shop_id',
  'type',
  'value',
  'intervals',
  'plans',
  'comment',
  'active',
  'views',
  'expires_at',
  'created_at',
]);

/** A row of `documents`. */
export interface DocumentTestRow {
  id: string;
  shopId: string;
  orderId: string;
  orderName: string | null;
  type: string;
  intentKey: string;
  lexwareId: string | null;
  contactId: string | null;
  number: string | null;
  title: string | null;
  status: string;
  currency: string;
  total: number | null;
  tax: TestJson;
  profile: string | null;
  voucherDate: Date | null;
  cancelled: boolean;
  attemptedAt: Date | null;
  hintedAt: Date | null;
  emailedAt: Date | null;
  pdfToken: string | null;
  createdAt: Date;
  updatedAt: Date;
  waitingSince: Date | null;
  resumedAt: Date | null;
}
export const documentsTable = testTable<DocumentTestRow>('documents', [
  'id',
  'shop_id',
  'order_id',
  'order_name',
  'type',
  'intent_key',
  'lexware_id',
  'contact_id',
  'number',
  'title',
  'status',
  'currency',
  'total',
  'tax',
  'profile',
  'voucher_date',
  'cancelled',
  'attempted_at',
  'hinted_at',
  'emailed_at',
  'pdf_token',
  'created_at',
  'updated_at',
  'waiting_since',
  'resumed_at',
]);

/** A row of `document_files`. */
export interface DocumentFileTestRow {
  documentId: string;
  kind: string;
  shopId: string;
  lexwareId: string;
  contentType: string;
  size: number;
  content: Buffer;
  storedAt: Date;
}
export const documentFilesTable = testTable<DocumentFileTestRow>('document_files', [
  'document_id',
  'kind',
  'shop_id',
  'lexware_id',
  'content_type',
  'size',
  'content',
  'stored_at',
]);

/** A row of `downtimes`. */
export interface DowntimeTestRow {
  id: number;
  status: string;
  message: string;
  startsAt: Date;
  endsAt: Date | null;
}
export const downtimesTable = testTable<DowntimeTestRow>('downtimes', [
  'id',
  'status',
  'message',
  'starts_at',
  'ends_at',
]);

/** A row of `event_log`. */
export interface EventLogTestRow {
  id: number;
  shopId: string;
  date: Date;
  origin: string;
  event: string;
  status: string;
  orderId: string | null;
  orderName: string | null;
  ref: TestJson;
  body: TestJson;
}
export const eventLogTable = testTable<EventLogTestRow>('event_log', [
  'id',
  'shop_id',
  'date',
  'origin',
  'event',
  'status',
  'order_id',
  'order_name',
  'ref',
  'body',
]);

/** A row of `finance_accounts`. */
export interface FinanceAccountTestRow {
  shopId: string;
  gateway: string;
  financialAccountId: string | null;
  createdAt: Date;
  updatedAt: Date;
}
export const financeAccountsTable = testTable<FinanceAccountTestRow>('finance_accounts', [
  'shop_id',
  'gateway',
  'financial_account_id',
  'created_at',
  'updated_at',
]);

/** A row of `help_requests`. */
export interface HelpRequestTestRow {
  id: number;
  shopId: string;
  userId: string | null;
  subject: string;
  message: string;
  replyTo: string | null;
  mailStatus: string;
  mailError: string | null;
  createdAt: Date;
}
export const helpRequestsTable = testTable<HelpRequestTestRow>('help_requests', [
  'id',
  'shop_id',
  'user_id',
  'subject',
  'message',
  'reply_to',
  'mail_status',
  'mail_error',
  'created_at',
]);

/** A row of `lexware_connections`. */
export interface LexwareConnectionTestRow {
  shopId: string;
  organizationId: string | null;
  connectionId: string | null;
  accessTokenEnc: string;
  refreshTokenEnc: string;
  expiresAt: Date;
  scope: string;
  profile: TestJson;
  connectedAt: Date;
  pulledAt: Date | null;
}
export const lexwareConnectionsTable = testTable<LexwareConnectionTestRow>('lexware_connections', [
  'shop_id',
  'organization_id',
  'connection_id',
  'access_token_enc',
  'refresh_token_enc',
  'expires_at',
  'scope',
  'profile',
  'connected_at',
  'pulled_at',
]);

/** A row of `mail_sends`. */
export interface MailSendTestRow {
  id: string;
  shopId: string;
  documentId: string;
  intent: string;
  status: string;
  claimToken: string;
  attempts: number;
  recipient: string;
  sender: string | null;
  messageId: string | null;
  error: string | null;
  claimedAt: Date;
  sentAt: Date | null;
}
export const mailSendsTable = testTable<MailSendTestRow>('mail_sends', [
  'id',
  'shop_id',
  'document_id',
  'intent',
  'status',
  'claim_token',
  'attempts',
  'recipient',
  'sender',
  'message_id',
  'error',
  'claimed_at',
  'sent_at',
]);

/** A row of `notification_sends`. */
export interface NotificationSendTestRow {
  shopId: string;
  kind: string;
  occasion: string;
  status: string;
  recipient: string | null;
  error: string | null;
  attempts: number;
  claimedAt: Date;
  sentAt: Date | null;
}
export const notificationSendsTable = testTable<NotificationSendTestRow>('notification_sends', [
  'shop_id',
  'kind',
  'occasion',
  'status',
  'recipient',
  'error',
  'attempts',
  'claimed_at',
  'sent_at',
]);

/** A row of `oauth_states`. */
export interface OauthStateTestRow {
  nonce: string;
  provider: string;
  shopId: string;
  expiresAt: Date;
}
export const oauthStatesTable = testTable<OauthStateTestRow>('oauth_states', [
  'nonce',
  'provider',
  'shop_id',
  'expires_at',
]);

/** A row of `order_imports`. */
export interface OrderImportTestRow {
  shopId: string;
  day: Date;
  affected: number;
  importedAt: Date;
  workflowId: string | null;
  status: string;
  pages: number;
  cursor: string | null;
}
export const orderImportsTable = testTable<OrderImportTestRow>('order_imports', [
  'shop_id',
  'day',
  'affected',
  'imported_at',
  'workflow_id',
  'status',
  'pages',
  'cursor',
]);

/** A row of `order_import_ranges`. */
export interface OrderImportRangeTestRow {
  workflowId: string;
  shopId: string;
  firstDay: Date;
  lastDay: Date;
  status: string;
  daysDone: number;
  stopRequestedAt: Date | null;
  startedAt: Date;
  finishedAt: Date | null;
}
export const orderImportRangesTable = testTable<OrderImportRangeTestRow>('order_import_ranges', [
  'workflow_id',
  'shop_id',
  'first_day',
  'last_day',
  'status',
  'days_done',
  'stop_requested_at',
  'started_at',
  'finished_at',
]);

/** A row of `orders`. */
export interface OrderTestRow {
  shopId: string;
  orderId: string;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  financialStatus: string | null;
  fulfillmentStatus: string | null;
  gateway: string | null;
  sourceName: string | null;
  total: number;
  currency: string;
  customerEmail: string | null;
  customerName: string | null;
  tags: string;
  snapshot: TestJson;
}
export const ordersTable = testTable<OrderTestRow>('orders', [
  'shop_id',
  'order_id',
  'name',
  'created_at',
  'updated_at',
  'financial_status',
  'fulfillment_status',
  'gateway',
  'source_name',
  'total',
  'currency',
  'customer_email',
  'customer_name',
  'tags',
  'snapshot',
]);

/** A row of `partners`. */
export interface PartnerTestRow {
  shopId: string;
  email: string | null;
  taxId: string | null;
  vatId: string | null;
  address: TestJson;
  allowance: number;
  payoutGateway: string | null;
  paypalEmail: string | null;
  bankName: string | null;
  iban: string | null;
  bic: string | null;
  createdAt: Date;
  updatedAt: Date;
  language: string;
}
export const partnersTable = testTable<PartnerTestRow>('partners', [
  'shop_id',
  'email',
  'tax_id',
  'vat_id',
  'address',
  'allowance',
  'payout_gateway',
  'paypal_email',
  'bank_name',
  'iban',
  'bic',
  'created_at',
  'updated_at',
  'language',
]);

/** A row of `payout_runs`. */
export interface PayoutRunTestRow {
  id: string;
  runMonth: Date;
  status: string;
  paypalBatchId: string | null;
  paypalStatus: string | null;
  sepaMsgId: string | null;
  sepaXml: string | null;
  sepaConfirmedAt: Date | null;
  sepaConfirmedBy: string | null;
  error: string | null;
  createdAt: Date;
  completedAt: Date | null;
}
export const payoutRunsTable = testTable<PayoutRunTestRow>('payout_runs', [
  'id',
  'run_month',
  'status',
  'paypal_batch_id',
  'paypal_status',
  'sepa_msg_id',
  'sepa_xml',
  'sepa_confirmed_at',
  'sepa_confirmed_by',
  'error',
  'created_at',
  'completed_at',
]);

/** A row of `payouts`. */
export interface PayoutTestRow {
  id: string;
  partnerShopId: string;
  timespanStart: Date;
  timespanEnd: Date;
  status: string;
  provisions: number;
  fee: number;
  gateway: string;
  recipient: string;
  paymentAt: Date | null;
  createdAt: Date;
  runId: string | null;
  failure: string | null;
  recipientName: string | null;
  bic: string | null;
  sentAt: Date | null;
  paypalItemId: string | null;
  paypalItemStatus: string | null;
}
export const payoutsTable = testTable<PayoutTestRow>('payouts', [
  'id',
  'partner_shop_id',
  'timespan_start',
  'timespan_end',
  'status',
  'provisions',
  'fee',
  'gateway',
  'recipient',
  'payment_at',
  'created_at',
  'run_id',
  'failure',
  'recipient_name',
  'bic',
  'sent_at',
  'paypal_item_id',
  'paypal_item_status',
]);

/** A row of `plan_subscriptions`. */
export interface PlanSubscriptionTestRow {
  id: string;
  shopId: string;
  planId: string;
  annual: boolean;
  couponCode: string | null;
  price: number;
  trialDays: number;
  subscriptionGid: string;
  status: string;
  createdAt: Date;
  activatedAt: Date | null;
  cancelledAt: Date | null;
}
export const planSubscriptionsTable = testTable<PlanSubscriptionTestRow>('plan_subscriptions', [
  'id',
  'shop_id',
  'plan_id',
  'annual',
  'coupon_code',
  'price',
  'trial_days',
  'subscription_gid',
  'status',
  'created_at',
  'activated_at',
  'cancelled_at',
]);

/** A row of `purchases`. */
export interface PurchaseTestRow {
  id: string;
  shopId: string;
  feature: string;
  price: number;
  createdAt: Date;
  status: string;
  chargeGid: string | null;
  activatedAt: Date | null;
}
export const purchasesTable = testTable<PurchaseTestRow>('purchases', [
  'id',
  'shop_id',
  'feature',
  'price',
  'created_at',
  'status',
  'charge_gid',
  'activated_at',
]);

/** A row of `redemptions`. */
export interface RedemptionTestRow {
  id: string;
  couponCode: string;
  shopId: string;
  status: string;
  planId: string | null;
  provision: number | null;
  payoutId: string | null;
  createdAt: Date;
  subscribedAt: Date | null;
  releasedAt: Date | null;
}
export const redemptionsTable = testTable<RedemptionTestRow>('redemptions', [
  'id',
  'coupon_code',
  'shop_id',
  'status',
  'plan_id',
  'provision',
  'payout_id',
  'created_at',
  'subscribed_at',
  'released_at',
]);

/** A row of `shop_preferences`. */
export interface ShopPreferenceTestRow {
  shopId: string;
  section: string;
  value: TestJson;
  updatedAt: Date;
}
export const shopPreferencesTable = testTable<ShopPreferenceTestRow>('shop_preferences', [
  'shop_id',
  'section',
  'value',
  'updated_at',
]);

/** A row of `shop_smtp`. */
export interface ShopSmtpTestRow {
  shopId: string;
  host: string;
  port: number | null;
  encryption: string;
  user: string;
  passEnc: string | null;
  email: string;
  name: string;
  status: string;
  error: string | null;
  checkedAt: Date | null;
  updatedAt: Date;
}
export const shopSmtpTable = testTable<ShopSmtpTestRow>('shop_smtp', [
  'shop_id',
  'host',
  'port',
  'encryption',
  'user',
  'pass_enc',
  'email',
  'name',
  'status',
  'error',
  'checked_at',
  'updated_at',
]);

/** A row of `shops`. */
export interface ShopTestRow {
  id: string;
  name: string;
  email: string | null;
  shopifyPlan: string | null;
  shopifyTokenEnc: string | null;
  shopifyScopes: string[];
  missingAccessToken: boolean;
  home: string;
  planId: string;
  planAnnual: boolean;
  transfersQuota: number;
  transfersResetAt: Date;
  trialAt: Date | null;
  partner: boolean;
  permissions: string[];
  automationEnabled: boolean;
  transfersExhaustedAt: Date | null;
  installedAt: Date;
  uninstalledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  contactsCreated: number;
  contactsUpdated: number;
  invoicesMatched: number;
  invoicesUpdated: number;
  creditsMatched: number;
  creditsUpdated: number;
  webhookCallbackUrl: string | null;
  transfersPeriodStart: Date;
  currentPeriodEnd: Date | null;
  shopifyShopId: string | null;
}
export const shopsTable = testTable<ShopTestRow>('shops', [
  'id',
  'name',
  'email',
  'shopify_plan',
  'shopify_token_enc',
  'shopify_scopes',
  'missing_access_token',
  'home',
  'plan_id',
  'plan_annual',
  'transfers_quota',
  'transfers_reset_at',
  'trial_at',
  'partner',
  'permissions',
  'automation_enabled',
  'transfers_exhausted_at',
  'installed_at',
  'uninstalled_at',
  'created_at',
  'updated_at',
  'contacts_created',
  'contacts_updated',
  'invoices_matched',
  'invoices_updated',
  'credits_matched',
  'credits_updated',
  'webhook_callback_url',
  'transfers_period_start',
  'current_period_end',
  'shopify_shop_id',
]);

/** A row of `transfer_ledger`. */
export interface TransferLedgerTestRow {
  id: number;
  shopId: string;
  documentId: string | null;
  delta: number;
  reason: string;
  periodStart: Date;
  createdAt: Date;
}
export const transferLedgerTable = testTable<TransferLedgerTestRow>('transfer_ledger', [
  'id',
  'shop_id',
  'document_id',
  'delta',
  'reason',
  'period_start',
  'created_at',
]);

/** A row of `webhook_inbox`. */
export interface WebhookInboxTestRow {
  webhookId: string;
  eventId: string | null;
  shopId: string;
  topic: string;
  resourceId: string | null;
  triggeredAt: Date | null;
  body: TestJson;
  status: string;
  receivedAt: Date;
  signalledAt: Date | null;
  error: string | null;
}
export const webhookInboxTable = testTable<WebhookInboxTestRow>('webhook_inbox', [
  'webhook_id',
  'event_id',
  'shop_id',
  'topic',
  'resource_id',
  'triggered_at',
  'body',
  'status',
  'received_at',
  'signalled_at',
  'error',
]);

/** A row of `wizard_imports`. */
export interface WizardImportTestRow {
  shopId: string;
  workflowId: string;
  status: string;
  orders: number;
  documents: number;
  linked: number;
  startedAt: Date;
  finishedAt: Date | null;
}
export const wizardImportsTable = testTable<WizardImportTestRow>('wizard_imports', [
  'shop_id',
  'workflow_id',
  'status',
  'orders',
  'documents',
  'linked',
  'started_at',
  'finished_at',
]);

/** A row of `vat_id_checks`. */
export interface VatIdCheckTestRow {
  shopId: string;
  vatId: string;
  valid: boolean;
  requestDate: string;
  requestIdentifier: string | null;
  name: string | null;
  address: string | null;
  refusal: string | null;
  checkedAt: Date;
  email: string | null;
  orderId: string | null;
}
export const vatIdChecksTable = testTable<VatIdCheckTestRow>('vat_id_checks', ['shop_id', ...VAT_ID_CHECK_COLUMNS]);
