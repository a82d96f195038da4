/**
 * The emulator's in-memory state: every Stripe object by id, the bookkeeping Stripe keeps behind
 * them (checkout line items, billing periods, the fail-next-payment test flag), stored idempotent
 * responses, and Stripe-style ids. `seedStore` puts back the Tonewise Pro catalogue.
 */
import { LOCAL_STRIPE_OTHER_PRICE_ID, LOCAL_STRIPE_PRO_PRICE_ID, LOCAL_STRIPE_PRO_PRODUCT_ID } from "../config.ts";
import type { Metadata } from "./forms.ts";
import type {
  CheckoutLineItemObject,
  CheckoutSessionObject,
  CustomerObject,
  EventObject,
  InvoiceObject,
  PortalSessionObject,
  PriceObject,
  ProductObject,
  StripeObject,
  SubscriptionObject,
} from "./objects.ts";

/** What a checkout session needs beyond its public fields. */
export interface CheckoutSessionRecord {
  session: CheckoutSessionObject;
  lineItems: CheckoutLineItemObject[];
  subscriptionMetadata: Metadata;
}

/** Billing state of a subscription that Stripe does not show on the object. */
export interface SubscriptionBilling {
  /** The billing cycle anchor: period k runs from anchor + k months to anchor + k + 1 months. */
  anchor: number;
  periodIndex: number;
  /** Set by the test hook: the next renewal payment fails. */
  failNextPayment: boolean;
}

export interface StoredResponse {
  fingerprint: string;
  status: number;
  body: string;
}

export interface StripeStore {
  customers: Map<string, CustomerObject>;
  products: Map<string, ProductObject>;
  prices: Map<string, PriceObject>;
  checkoutSessions: Map<string, CheckoutSessionRecord>;
  portalSessions: Map<string, PortalSessionObject>;
  subscriptions: Map<string, SubscriptionObject>;
  subscriptionBilling: Map<string, SubscriptionBilling>;
  invoices: Map<string, InvoiceObject>;
  events: Map<string, EventObject>;
  idempotentResponses: Map<string, StoredResponse>;
}

export function createStore(): StripeStore {
  return {
    customers: new Map(),
    products: new Map(),
    prices: new Map(),
    checkoutSessions: new Map(),
    portalSessions: new Map(),
    subscriptions: new Map(),
    subscriptionBilling: new Map(),
    invoices: new Map(),
    events: new Map(),
    idempotentResponses: new Map(),
  };
}

function monthlyPrice(id: string, unitAmount: number): PriceObject {
  return {
    id,
    object: "price",
    active: true,
    currency: "usd",
    product: LOCAL_STRIPE_PRO_PRODUCT_ID,
    recurring: { interval: "month", interval_count: 1 },
    type: "recurring",
    unit_amount: unitAmount,
  };
}

/** Empties the store and seeds Tonewise Pro, its $14.99/month price, and one other price. */
export function seedStore(store: StripeStore): void {
  Object.assign(store, createStore());
  store.products.set(LOCAL_STRIPE_PRO_PRODUCT_ID, {
    id: LOCAL_STRIPE_PRO_PRODUCT_ID,
    object: "product",
    active: true,
    name: "Tonewise Pro",
  });
  store.prices.set(LOCAL_STRIPE_PRO_PRICE_ID, monthlyPrice(LOCAL_STRIPE_PRO_PRICE_ID, 1499));
  store.prices.set(LOCAL_STRIPE_OTHER_PRICE_ID, monthlyPrice(LOCAL_STRIPE_OTHER_PRICE_ID, 100));
}

/** The object an expandable id names: a customer, subscription or invoice. */
export function findObject(store: StripeStore, id: string): StripeObject | undefined {
  if (id.startsWith("cus_")) return store.customers.get(id);
  if (id.startsWith("sub_")) return store.subscriptions.get(id);
  if (id.startsWith("in_")) return store.invoices.get(id);
  return undefined;
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A Stripe-looking id: the prefix, "_", then 24 random letters and digits. */
export function newId(prefix: "cus" | "sub" | "si" | "in" | "li" | "cs_test" | "bps" | "evt" | "req"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `${prefix}_${Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join("")}`;
}
