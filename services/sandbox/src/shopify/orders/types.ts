/**
 * Shopify's REST order JSON, as webhooks carry it. Only the fields the sandbox sets are typed;
 * the shape follows the real payload (strings for money, numeric ids, snake_case).
 */
export interface MoneySet {
  shop_money: { amount: string; currency_code: string };
  presentment_money: { amount: string; currency_code: string };
}

export interface TaxLine {
  channel_liable: boolean;
  price: string;
  price_set: MoneySet;
  rate: number;
  title: string;
}

export interface DiscountAllocation {
  amount: string;
  amount_set: MoneySet;
  discount_application_index: number;
}

export interface Address {
  first_name: string;
  last_name: string;
  name: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  zip: string;
  province: string | null;
  province_code: string | null;
  country: string;
  country_code: string;
  phone: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface LineItem {
  id: number;
  admin_graphql_api_id: string;
  title: string;
  name: string;
  variant_title: string | null;
  sku: string | null;
  vendor: string | null;
  product_id: number | null;
  variant_id: number | null;
  quantity: number;
  current_quantity: number;
  fulfillable_quantity: number;
  fulfillment_status: string | null;
  fulfillment_service: string;
  price: string;
  price_set: MoneySet;
  total_discount: string;
  total_discount_set: MoneySet;
  taxable: boolean;
  requires_shipping: boolean;
  gift_card: boolean;
  grams: number;
  product_exists: boolean;
  properties: Array<{ name: string; value: string }>;
  tax_lines: TaxLine[];
  discount_allocations: DiscountAllocation[];
  duties: unknown[];
}

export interface ShippingLine {
  id: number;
  title: string;
  code: string;
  source: string;
  price: string;
  price_set: MoneySet;
  discounted_price: string;
  discounted_price_set: MoneySet;
  carrier_identifier: string | null;
  phone: string | null;
  requested_fulfillment_service_id: string | null;
  tax_lines: TaxLine[];
  discount_allocations: DiscountAllocation[];
  /** Removed by an order edit (API 2024-04 on); Shopify keeps the line in the order's payload. */
  is_removed: boolean;
}

export interface Transaction {
  id: number;
  admin_graphql_api_id: string;
  kind: 'authorization' | 'capture' | 'sale' | 'refund' | 'void';
  status: 'success' | 'pending' | 'failure';
  gateway: string;
  amount: string;
  currency: string;
  created_at: string;
  processed_at: string;
  parent_id: number | null;
  order_id: number;
  test: boolean;
}

export interface Refund {
  id: number;
  admin_graphql_api_id: string;
  order_id: number;
  created_at: string;
  processed_at: string;
  note: string | null;
  restock: boolean;
  user_id: number | null;
  total_duties_set: MoneySet;
  duties: unknown[];
  order_adjustments: Array<{
    id: number;
    amount: string;
    amount_set: MoneySet;
    kind: string;
    reason: string;
    tax_amount: string;
    tax_amount_set: MoneySet;
    order_id: number;
    refund_id: number;
  }>;
  refund_line_items: Array<{
    id: number;
    line_item_id: number;
    quantity: number;
    restock_type: string;
    location_id: number | null;
    subtotal: number;
    subtotal_set: MoneySet;
    total_tax: number;
    total_tax_set: MoneySet;
    line_item: LineItem;
  }>;
  transactions: Transaction[];
  /** The return the refund belongs to (returnProcess), null for a refund of its own. */
  return: { id: number; admin_graphql_api_id: string } | null;
}

export interface Customer {
  id: number;
  admin_graphql_api_id: string;
  email: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  created_at: string;
  updated_at: string;
  state: string;
  note: string | null;
  verified_email: boolean;
  tax_exempt: boolean;
  tax_exemptions: string[];
  tags: string;
  currency: string;
  default_address: Address & { id: number; customer_id: number; default: boolean };
}

/** The order; `[key: string]: unknown` keeps the remaining real fields without typing each one. */
/** How a discount came about (a code, a script, or a manual one from the admin or an order edit). */
export interface DiscountApplication {
  type: 'discount_code' | 'manual' | 'script' | 'automatic';
  code?: string;
  title?: string;
  description?: string;
  value: string;
  value_type: 'percentage' | 'fixed_amount';
  allocation_method: 'across' | 'each' | 'one';
  target_selection: 'all' | 'entitled' | 'explicit';
  target_type: 'line_item' | 'shipping_line';
}

export interface ShopifyOrder {
  id: number;
  admin_graphql_api_id: string;
  name: string;
  number: number;
  order_number: number;
  email: string | null;
  contact_email: string | null;
  checkout_id: number | null;
  checkout_token: string | null;
  created_at: string;
  updated_at: string;
  processed_at: string;
  cancelled_at: string | null;
  cancel_reason: string | null;
  closed_at: string | null;
  currency: string;
  presentment_currency: string;
  financial_status: string;
  fulfillment_status: string | null;
  gateway: string;
  payment_gateway_names: string[];
  source_name: string;
  tags: string;
  note: string | null;
  note_attributes: Array<{ name: string; value: string }>;
  taxes_included: boolean;
  tax_exempt: boolean;
  tax_lines: TaxLine[];
  total_price: string;
  subtotal_price: string;
  total_tax: string;
  total_discounts: string;
  total_line_items_price: string;
  total_outstanding: string;
  total_tip_received: string;
  current_total_price: string;
  line_items: LineItem[];
  shipping_lines: ShippingLine[];
  discount_codes: Array<{ code: string; amount: string; type: string }>;
  discount_applications: DiscountApplication[];
  customer: Customer | null;
  billing_address: Address | null;
  shipping_address: Address | null;
  refunds: Refund[];
  fulfillments: Array<Record<string, unknown>>;
  company: { id: number; location_id: number } | null;
  /** Sandbox-only bookkeeping, stripped before a payload leaves the sandbox. */
  _transactions: Transaction[];
  [key: string]: unknown;
}
