/**
 * The Stripe objects the emulator stores and returns. Each carries `id`, `object` and only the
 * fields Tonewise or its tests read, typed as subsets of the pinned `stripe` SDK's own types, so
 * the names and value shapes that remain follow API version 2026-10-28.endive.
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
}

export type CustomerObject = Pick<Stripe.Customer, "id" | "object" | "created" | "email" | "livemode"> & {
  name: string | null;
  metadata: Metadata;
};

export type ProductObject = Pick<Stripe.Product, "id" | "object" | "active" | "name">;

export type PriceObject = Pick<Stripe.Price, "id" | "object" | "active" | "currency" | "type" | "unit_amount"> & {
  product: string;
  recurring: Pick<Stripe.Price.Recurring, "interval" | "interval_count">;
};

export type SubscriptionItemObject = Pick<
  Stripe.SubscriptionItem,
  "id" | "object" | "current_period_end" | "current_period_start"
> & { price: PriceObject; quantity: number };

export type SubscriptionObject = Pick<
  Stripe.Subscription,
  "id" | "object" | "cancel_at" | "cancel_at_period_end" | "canceled_at" | "ended_at" | "livemode" | "status"
> & {
  customer: string;
  cancellation_details: Pick<Stripe.Subscription.CancellationDetails, "reason">;
  items: { object: "list"; data: SubscriptionItemObject[] };
  latest_invoice: string | null;
  metadata: Metadata;
};

export type InvoiceObject = Pick<Stripe.Invoice, "id" | "object" | "amount_due" | "amount_paid" | "billing_reason" | "status"> & {
  parent: { subscription_details: { subscription: string } };
};

export type CheckoutLineItemObject = Pick<Stripe.LineItem, "id" | "object" | "amount_total" | "description"> & {
  price: PriceObject;
  quantity: number;
};

export type CheckoutSessionObject = Pick<
  Stripe.Checkout.Session,
  | "id"
  | "object"
  | "allow_promotion_codes"
  | "amount_total"
  | "cancel_url"
  | "client_reference_id"
  | "created"
  | "currency"
  | "customer_email"
  | "expires_at"
  | "livemode"
  | "mode"
  | "payment_status"
  | "status"
  | "success_url"
  | "url"
> & {
  customer: string | null;
  metadata: Metadata;
  subscription: string | null;
};

export type PortalSessionObject = Pick<
  Stripe.BillingPortal.Session,
  "id" | "object" | "customer" | "livemode" | "return_url" | "url"
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
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: Stripe.Event.Type;
}
