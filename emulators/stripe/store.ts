/**
 * The emulator's in-memory state: every Stripe object by id, the bookkeeping Stripe keeps behind
 * them (checkout line items, billing periods, the fail-next-payment test flag), stored idempotent
 * responses, and Stripe-style id generation. `seedStore` puts back the Tonewise Pro catalogue.
 */
import { LOCAL_STRIPE_OTHER_PRICE_ID, LOCAL_STRIPE_PRO_PRICE_ID, LOCAL_STRIPE_PRO_PRODUCT_ID } from "../config.ts";
import type { Metadata } from "./forms.ts";
import {
  buildMonthlyPrice,
  buildProduct,
  type CheckoutLineItemObject,
  type CheckoutSessionObject,
  type CustomerObject,
  type EventObject,
  type InvoiceObject,
  type PortalSessionObject,
  type PriceObject,
  type ProductObject,
  type StripeObject,
  type SubscriptionObject,
} from "./objects.ts";

export const PRO_PRODUCT_NAME = "Tonewise Pro";
export const PRO_UNIT_AMOUNT = 1499;
export const PRO_CURRENCY = "usd";

/** What a checkout session needs beyond its public fields. */
export interface CheckoutSessionRecord {
  session: CheckoutSessionObject;
  lineItems: CheckoutLineItemObject[];
  subscriptionMetadata: Metadata;
}

/** Billing state of a subscription that Stripe does not show on the object. */
export interface SubscriptionBilling {
  /** Index of the current period: period k runs from anchor + k months to anchor + k + 1 months. */
  periodIndex: number;
  /** Set by the test hook: the next renewal payment fails. */
  failNextPayment: boolean;
}

export interface StoredResponse {
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
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

/** Empties the store and seeds the Pro product, its $14.99/month price, and one other price. */
export function seedStore(store: StripeStore, now: number): void {
  const fresh = createStore();
  Object.assign(store, fresh);
  store.products.set(
    LOCAL_STRIPE_PRO_PRODUCT_ID,
    buildProduct({
      id: LOCAL_STRIPE_PRO_PRODUCT_ID,
      name: PRO_PRODUCT_NAME,
      created: now,
      defaultPrice: LOCAL_STRIPE_PRO_PRICE_ID,
    }),
  );
  store.prices.set(
    LOCAL_STRIPE_PRO_PRICE_ID,
    buildMonthlyPrice({
      id: LOCAL_STRIPE_PRO_PRICE_ID,
      product: LOCAL_STRIPE_PRO_PRODUCT_ID,
      unitAmount: PRO_UNIT_AMOUNT,
      currency: PRO_CURRENCY,
      created: now,
    }),
  );
  store.prices.set(
    LOCAL_STRIPE_OTHER_PRICE_ID,
    buildMonthlyPrice({ id: LOCAL_STRIPE_OTHER_PRICE_ID, product: LOCAL_STRIPE_PRO_PRODUCT_ID, unitAmount: 100, currency: PRO_CURRENCY, created: now }),
  );
}

/** Finds any stored object by its id, through the id's prefix. */
export function findObject(store: StripeStore, id: string): StripeObject | undefined {
  if (id.startsWith("cus_")) return store.customers.get(id);
  if (id.startsWith("sub_")) return store.subscriptions.get(id);
  if (id.startsWith("in_")) return store.invoices.get(id);
  if (id.startsWith("cs_")) return store.checkoutSessions.get(id)?.session;
  if (id.startsWith("bps_")) return store.portalSessions.get(id);
  return store.prices.get(id) ?? store.products.get(id);
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

function randomChars(length: number, alphabet = ALPHABET): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = "";
  for (const byte of bytes) out += alphabet[byte % alphabet.length];
  return out;
}

/** A Stripe-looking id: `cus_` + 14 characters, `sub_1` + 23, `cs_test_a1` + 56, … */
export function newId(
  prefix: "cus" | "sub" | "si" | "in" | "il" | "li" | "cs_test" | "bps" | "evt" | "req",
): string {
  switch (prefix) {
    case "cus":
    case "req":
    case "si":
      return `${prefix}_${randomChars(14)}`;
    case "cs_test":
      return `cs_test_a1${randomChars(56)}`;
    default:
      return `${prefix}_1${randomChars(23)}`;
  }
}

/** Customers get an 8-character uppercase invoice prefix; invoices are numbered under it. */
export function newInvoicePrefix(): string {
  return randomChars(8, "0123456789ABCDEF");
}
