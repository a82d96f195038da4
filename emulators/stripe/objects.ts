/**
 * The Stripe objects the emulator stores and returns, typed as subsets of the pinned `stripe` SDK's
 * own types (so field names and value shapes follow API version 2026-10-28.endive), and the
 * builders that give them Stripe's defaults. Decimal fields are strings, as on the wire.
 */
import type { Stripe } from "stripe";

import type { Metadata } from "./forms.ts";

/** The API version whose object shapes the emulator speaks (the pinned SDK's). */
export const API_VERSION = "2026-10-28.endive";

export interface ListObject<T> {
  object: "list";
  data: T[];
  has_more: boolean;
  url: string;
  total_count?: number;
}

export type CustomerObject = Pick<
  Stripe.Customer,
  | "id"
  | "object"
  | "address"
  | "balance"
  | "created"
  | "currency"
  | "default_source"
  | "delinquent"
  | "description"
  | "discount"
  | "email"
  | "invoice_prefix"
  | "invoice_settings"
  | "livemode"
  | "name"
  | "next_invoice_sequence"
  | "phone"
  | "preferred_locales"
  | "shipping"
  | "tax_exempt"
  | "test_clock"
> & { metadata: Metadata };

export type ProductObject = Pick<
  Stripe.Product,
  | "id"
  | "object"
  | "active"
  | "created"
  | "description"
  | "images"
  | "livemode"
  | "marketing_features"
  | "name"
  | "package_dimensions"
  | "shippable"
  | "statement_descriptor"
  | "tax_code"
  | "type"
  | "unit_label"
  | "updated"
  | "url"
> & { default_price: string | null; metadata: Metadata };

export type PriceObject = Pick<
  Stripe.Price,
  | "id"
  | "object"
  | "active"
  | "billing_scheme"
  | "created"
  | "currency"
  | "custom_unit_amount"
  | "livemode"
  | "lookup_key"
  | "nickname"
  | "recurring"
  | "tax_behavior"
  | "tiers_mode"
  | "transform_quantity"
  | "type"
  | "unit_amount"
> & { product: string; unit_amount_decimal: string | null; metadata: Metadata };

export type PlanObject = Pick<
  Stripe.Plan,
  | "id"
  | "object"
  | "active"
  | "amount"
  | "billing_scheme"
  | "created"
  | "currency"
  | "interval"
  | "interval_count"
  | "livemode"
  | "meter"
  | "nickname"
  | "tiers_mode"
  | "transform_usage"
  | "trial_period_days"
  | "usage_type"
> & { product: string; amount_decimal: string | null; metadata: Metadata };

export type SubscriptionItemObject = Pick<
  Stripe.SubscriptionItem,
  | "id"
  | "object"
  | "billing_thresholds"
  | "created"
  | "current_period_end"
  | "current_period_start"
  | "discounts"
  | "quantity"
  | "subscription"
  | "tax_rates"
> & { plan: PlanObject; price: PriceObject; metadata: Metadata };

export type SubscriptionObject = Pick<
  Stripe.Subscription,
  | "id"
  | "object"
  | "application"
  | "application_fee_percent"
  | "automatic_tax"
  | "billing_cycle_anchor"
  | "billing_cycle_anchor_config"
  | "billing_mode"
  | "billing_thresholds"
  | "cancel_at"
  | "cancel_at_period_end"
  | "canceled_at"
  | "cancellation_details"
  | "collection_method"
  | "created"
  | "currency"
  | "customer_account"
  | "days_until_due"
  | "default_payment_method"
  | "default_source"
  | "description"
  | "discounts"
  | "ended_at"
  | "invoice_settings"
  | "livemode"
  | "next_pending_invoice_item_invoice"
  | "on_behalf_of"
  | "pause_collection"
  | "pending_invoice_item_interval"
  | "pending_setup_intent"
  | "pending_update"
  | "schedule"
  | "start_date"
  | "status"
  | "test_clock"
  | "transfer_data"
  | "trial_end"
  | "trial_settings"
  | "trial_start"
> & {
  customer: string;
  items: ListObject<SubscriptionItemObject>;
  latest_invoice: string | null;
  metadata: Metadata;
};

export type InvoiceLineItemObject = Pick<
  Stripe.InvoiceLineItem,
  | "id"
  | "object"
  | "amount"
  | "currency"
  | "description"
  | "discount_amounts"
  | "discountable"
  | "discounts"
  | "invoice"
  | "livemode"
  | "parent"
  | "period"
  | "pretax_credit_amounts"
  | "quantity"
  | "subtotal"
  | "taxes"
> & {
  metadata: Metadata;
  pricing: { price_details: { price: string; product: string }; type: "price_details"; unit_amount_decimal: string | null };
};

export type InvoiceObject = Pick<
  Stripe.Invoice,
  | "id"
  | "object"
  | "account_country"
  | "account_name"
  | "account_tax_ids"
  | "amount_due"
  | "amount_overpaid"
  | "amount_paid"
  | "amount_remaining"
  | "amount_shipping"
  | "application"
  | "attempt_count"
  | "attempted"
  | "auto_advance"
  | "automatic_tax"
  | "automatically_finalizes_at"
  | "billing_reason"
  | "collection_method"
  | "created"
  | "currency"
  | "custom_fields"
  | "customer_account"
  | "customer_address"
  | "customer_email"
  | "customer_name"
  | "customer_phone"
  | "customer_shipping"
  | "customer_tax_exempt"
  | "default_payment_method"
  | "default_source"
  | "default_tax_rates"
  | "description"
  | "discounts"
  | "due_date"
  | "effective_at"
  | "ending_balance"
  | "footer"
  | "from_invoice"
  | "hosted_invoice_url"
  | "invoice_pdf"
  | "issuer"
  | "last_finalization_error"
  | "latest_revision"
  | "livemode"
  | "next_payment_attempt"
  | "number"
  | "on_behalf_of"
  | "payment_settings"
  | "period_end"
  | "period_start"
  | "post_payment_credit_notes_amount"
  | "pre_payment_credit_notes_amount"
  | "receipt_number"
  | "rendering"
  | "shipping_cost"
  | "shipping_details"
  | "starting_balance"
  | "statement_descriptor"
  | "status"
  | "status_transitions"
  | "subtotal"
  | "subtotal_excluding_tax"
  | "test_clock"
  | "total"
  | "total_discount_amounts"
  | "total_excluding_tax"
  | "total_pretax_credit_amounts"
  | "total_taxes"
  | "webhooks_delivered_at"
> & {
  customer: string;
  lines: ListObject<InvoiceLineItemObject>;
  metadata: Metadata;
  parent: {
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
    type: "subscription_details";
  };
};

export type CheckoutLineItemObject = Pick<
  Stripe.LineItem,
  "id" | "object" | "amount_discount" | "amount_subtotal" | "amount_tax" | "amount_total" | "currency" | "description"
> & { price: PriceObject; quantity: number; metadata: Metadata };

export type CheckoutSessionObject = Pick<
  Stripe.Checkout.Session,
  | "id"
  | "object"
  | "after_expiration"
  | "allow_promotion_codes"
  | "amount_subtotal"
  | "amount_total"
  | "automatic_tax"
  | "billing_address_collection"
  | "cancel_url"
  | "client_reference_id"
  | "client_secret"
  | "consent"
  | "consent_collection"
  | "created"
  | "currency"
  | "custom_fields"
  | "custom_text"
  | "customer_creation"
  | "customer_details"
  | "customer_email"
  | "discounts"
  | "expires_at"
  | "invoice_creation"
  | "livemode"
  | "locale"
  | "mode"
  | "payment_intent"
  | "payment_link"
  | "payment_method_collection"
  | "payment_method_types"
  | "payment_status"
  | "recovered_from"
  | "setup_intent"
  | "shipping_address_collection"
  | "shipping_cost"
  | "shipping_options"
  | "status"
  | "submit_type"
  | "success_url"
  | "total_details"
  | "ui_mode"
  | "url"
> & {
  customer: string | null;
  invoice: string | null;
  metadata: Metadata;
  subscription: string | null;
  line_items?: ListObject<CheckoutLineItemObject>;
};

export type PortalSessionObject = Pick<
  Stripe.BillingPortal.Session,
  | "id"
  | "object"
  | "configuration"
  | "created"
  | "customer"
  | "customer_account"
  | "flow"
  | "livemode"
  | "locale"
  | "on_behalf_of"
  | "return_url"
  | "url"
>;

export type StripeObject =
  | CustomerObject
  | ProductObject
  | PriceObject
  | SubscriptionObject
  | InvoiceObject
  | CheckoutSessionObject
  | PortalSessionObject;

export interface EventObject {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: Stripe.Event.Type;
}

// ——— builders with Stripe's defaults ———

export function buildCustomer(fields: {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Metadata;
  invoicePrefix: string;
}): CustomerObject {
  return {
    id: fields.id,
    object: "customer",
    address: null,
    balance: 0,
    created: fields.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description,
    discount: null,
    email: fields.email,
    invoice_prefix: fields.invoicePrefix,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name,
    next_invoice_sequence: 1,
    phone: fields.phone,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

export function buildProduct(fields: {
  id: string;
  name: string;
  created: number;
  defaultPrice: string | null;
}): ProductObject {
  return {
    id: fields.id,
    object: "product",
    active: true,
    created: fields.created,
    default_price: fields.defaultPrice,
    description: null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: "service",
    unit_label: null,
    updated: fields.created,
    url: null,
  };
}

export function buildMonthlyPrice(fields: {
  id: string;
  product: string;
  unitAmount: number;
  currency: string;
  created: number;
}): PriceObject {
  return {
    id: fields.id,
    object: "price",
    active: true,
    billing_scheme: "per_unit",
    created: fields.created,
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: null,
    product: fields.product,
    recurring: {
      interval: "month",
      interval_count: 1,
      meter: null,
      trial_period_days: null,
      usage_type: "licensed",
    },
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: "recurring",
    unit_amount: fields.unitAmount,
    unit_amount_decimal: String(fields.unitAmount),
  };
}

/** The legacy `plan` view of a recurring price, still present on subscription items. */
export function planFromPrice(price: PriceObject): PlanObject {
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: price.recurring?.interval ?? "month",
    interval_count: price.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: { ...price.metadata },
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: "licensed",
  };
}
