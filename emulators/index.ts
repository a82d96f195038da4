/**
 * The local backend: local Supabase (Auth + REST on PGlite), the local mailbox, the local
 * Stripe and the local AI stand-in, sharing one clock, each as a Web-standard `handle(request)`. Served over HTTP by
 * http.ts, or mounted in-process by msw.ts. Test controls live under /__emulator/ on the Supabase
 * port (controls.ts) and as methods here.
 */
import { createAiStandIn } from "./ai/index.ts";
import { createClock, type Clock } from "./clock.ts";
import {
  LOCAL_AI_PORT,
  LOCAL_MAILBOX_PORT,
  LOCAL_SITE_URL,
  LOCAL_STRIPE_PORT,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  LOCAL_SUPABASE_PORT,
} from "./config.ts";
import { handleControlRequest } from "./controls.ts";
import { createFaultInjector, type FaultSpec, type Handler } from "./faults.ts";
import { createMailbox, type Email } from "./mailbox/index.ts";
import { createStripeEmulator, type WebhookDelivery } from "./stripe/index.ts";
import { openDatabase } from "./supabase/database.ts";
import { createSupabaseEmulator } from "./supabase/index.ts";
import { createJwtKeys, type SigningAlgorithm } from "./supabase/jwt.ts";

export type { Clock } from "./clock.ts";
export type { FaultSpec, ServiceName } from "./faults.ts";
export type { Email } from "./mailbox/index.ts";

export interface LocalBackendPorts {
  supabase: number;
  mailbox: number;
  stripe: number;
  ai: number;
}

export const DEFAULT_PORTS: LocalBackendPorts = {
  supabase: LOCAL_SUPABASE_PORT,
  mailbox: LOCAL_MAILBOX_PORT,
  stripe: LOCAL_STRIPE_PORT,
  ai: LOCAL_AI_PORT,
};

export interface LocalBackendOptions {
  /** Where the database and mailbox persist (development: ".local-backend"). In memory when absent. */
  dataDir?: string;
  /** Where the local Stripe delivers webhooks, e.g. `${APP_URL}/api/webhooks/stripe`. */
  stripeWebhookUrl?: string;
  clock?: Clock;
  /** The app's address, used by email links when a request names no redirect. Default http://localhost:5173. */
  siteUrl?: string;
  /** The ports the backend will be served on, for the URLs it hands out (Stripe checkout links). */
  ports?: Partial<LocalBackendPorts>;
  /** Print one console line per email (default true). */
  logEmails?: boolean;
  /**
   * How Auth signs access tokens: ES256 with a key published at /auth/v1/.well-known/jwks.json
   * (default, like a new Supabase project), or HS256 with the legacy secret (an older project).
   */
  jwtAlgorithm?: SigningAlgorithm;
}

export interface ClockAdvance {
  /** Moves to the start of the next UTC month (plus a minute), this many times. */
  advanceMonths?: number;
  advanceMs?: number;
  /** Then one second into the next fixed window of this many ms (Clock.advanceToNextWindow). */
  toNextWindowMs?: number;
}

export interface BackendSettings {
  accessTokenLifetimeSeconds?: number;
}

export interface LocalBackend {
  readonly clock: Clock;
  readonly ports: LocalBackendPorts;
  readonly supabase: { handle: Handler };
  readonly mailbox: { handle: Handler; messages(to?: string): Email[] };
  readonly stripe: {
    handle: Handler;
    /** One entry per delivered webhook event. */
    deliveries(): ReadonlyArray<WebhookDelivery>;
    /** Resolves once queued webhooks have been delivered. */
    idle(): Promise<void>;
  };
  /** The local AI stand-in (OpenAI-compatible, rule-based rewrites). */
  readonly ai: { handle: Handler };
  /** Runs SQL as the superuser (test set-up): one statement with params, or a script. */
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** Everything back to the start: migrated empty database, no emails, fresh Stripe, no faults, real time. */
  reset(): Promise<void>;
  /** Moves the shared clock, then lets Stripe end, renew or fail the subscriptions whose period is over. */
  advanceClock(by: ClockAdvance): Promise<{ now: string }>;
  injectFault(spec: FaultSpec): void;
  configure(settings: BackendSettings): void;
  setStripeWebhookUrl(url: string | undefined): void;
  close(): Promise<void>;
}

export async function createLocalBackend(options: LocalBackendOptions = {}): Promise<LocalBackend> {
  const clock = options.clock ?? createClock();
  const ports: LocalBackendPorts = { ...DEFAULT_PORTS, ...options.ports };
  const db = await openDatabase({ clock, dataDir: options.dataDir });
  const mailbox = createMailbox({ clock, dataDir: options.dataDir, log: options.logEmails });
  const keys = await createJwtKeys({ algorithm: options.jwtAlgorithm, dataDir: options.dataDir });
  const supabase = createSupabaseEmulator({ db, clock, mailbox, siteUrl: options.siteUrl ?? LOCAL_SITE_URL, keys });
  const stripe = createStripeEmulator({
    clock,
    webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
    webhookUrl: options.stripeWebhookUrl,
    baseUrl: `http://127.0.0.1:${ports.stripe}`,
  });
  const ai = createAiStandIn();
  const faults = createFaultInjector();
  const supabaseWithFaults = faults.wrap("supabase", (request) => supabase.handle(request));

  const backend: LocalBackend = {
    clock,
    ports,
    supabase: {
      // Controls are never subject to faults: a test must always be able to reset.
      handle: (request) =>
        new URL(request.url).pathname.startsWith("/__emulator/")
          ? handleControlRequest(backend, request)
          : supabaseWithFaults(request),
    },
    mailbox: {
      handle: faults.wrap("mailbox", (request) => mailbox.handle(request)),
      messages: (to) => mailbox.messages(to),
    },
    stripe: {
      handle: faults.wrap("stripe", (request) => stripe.handle(request)),
      deliveries: () => stripe.deliveries(),
      idle: () => stripe.idle(),
    },
    ai: {
      handle: faults.wrap("ai", (request) => ai.handle(request)),
    },

    async sql(query, params) {
      try {
        return await db.sql(query, params);
      } finally {
        supabase.schemaChanged();
      }
    },

    async reset() {
      faults.reset();
      clock.reset();
      await db.reset();
      supabase.reset();
      mailbox.clear();
      stripe.reset();
    },

    async advanceClock(by) {
      const months = by.advanceMonths ?? 0;
      for (let month = 0; month < months; month++) clock.advanceToNextMonth();
      if (by.advanceMs) clock.advance(by.advanceMs);
      if (by.toNextWindowMs) clock.advanceToNextWindow(by.toNextWindowMs);
      await stripe.advanceClock();
      return { now: new Date(clock.now()).toISOString() };
    },

    injectFault(spec) {
      faults.inject(spec);
    },

    configure(settings) {
      if (settings.accessTokenLifetimeSeconds !== undefined) {
        supabase.setAccessTokenLifetime(settings.accessTokenLifetimeSeconds);
      }
    },

    setStripeWebhookUrl(url) {
      stripe.setWebhookUrl(url);
    },

    async close() {
      faults.reset();
      await db.close();
    },
  };
  return backend;
}
