/**
 * Stripe events: each state change records an `event` object (kept for `GET /v1/events`) holding
 * a snapshot of the changed object and, for `*.updated` events, `previous_attributes` — the
 * changed fields' values before the change, nested objects diffed key by key, arrays whole.
 */
import type { Stripe } from "stripe";

import { API_VERSION, type EventObject, type StripeObject } from "./objects.ts";
import { newId, type StripeStore } from "./store.ts";

export interface EventOrigin {
  /** The API request that caused the events, or null for automatic ones (clock, hosted pages). */
  requestId: string | null;
  idempotencyKey: string | null;
}

export interface EventRecorder {
  emit(type: Stripe.Event.Type, object: StripeObject, previousAttributes?: Record<string, unknown>): void;
  /** The events recorded so far, in order. */
  readonly events: readonly EventObject[];
}

export const AUTOMATIC: EventOrigin = { requestId: null, idempotencyKey: null };

export function createEventRecorder(store: StripeStore, origin: EventOrigin): EventRecorder {
  const events: EventObject[] = [];
  return {
    events,
    emit(type, object, previousAttributes) {
      const event: EventObject = {
        id: newId("evt"),
        object: "event",
        api_version: API_VERSION,
        data: {
          object: structuredClone(object),
          ...(previousAttributes ? { previous_attributes: structuredClone(previousAttributes) } : {}),
        },
        livemode: false,
        pending_webhooks: 1,
        request: { id: origin.requestId, idempotency_key: origin.idempotencyKey },
        type,
      };
      store.events.set(event.id, event);
      events.push(event);
    },
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The fields of `before` whose values differ in `after`, with their old values. */
export function previousAttributes(before: object, after: object): Record<string, unknown> {
  return diffObjects(before as { [key: string]: Json }, after as { [key: string]: Json });
}

function diffObjects(before: { [key: string]: Json }, after: { [key: string]: Json }): { [key: string]: Json } {
  const previous: { [key: string]: Json } = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = before[key] ?? null;
    const current = after[key] ?? null;
    if (JSON.stringify(old) === JSON.stringify(current)) continue;
    previous[key] = isPlainObject(old) && isPlainObject(current) ? diffObjects(old, current) : old;
  }
  return previous;
}

function isPlainObject(value: Json): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
