import "./zod-config.ts"; // with its extension: server.ts loads this module under plain Node
import { createContext, type RouterContextProvider } from "react-router";
import { z } from "zod";

/**
 * Every variable the server reads, validated once. Node reads them from `process.env`; the
 * Cloudflare Worker hands its bindings to `envContext` (workers/handler.ts). Both go through here.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  APP_URL: z.url({ message: "APP_URL must be an absolute URL such as https://tonewise.app" }),
  SUPABASE_URL: z.url({ message: "SUPABASE_URL must be an absolute URL" }),
  SUPABASE_ANON_KEY: z.string().min(1),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
  STRIPE_SECRET_KEY: z.string().min(1),
  STRIPE_WEBHOOK_SECRET: z.string().min(1),
  STRIPE_PRO_PRICE_ID: z.string().min(1),
  /**
   * Earlier Pro prices (comma-separated), still paid by subscribers from before a price change:
   * their subscriptions keep granting Pro. New checkouts always use STRIPE_PRO_PRICE_ID.
   */
  STRIPE_LEGACY_PRO_PRICE_IDS: z
    .string()
    .optional()
    .transform((value) => (value ?? "").split(",").map((id) => id.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^(price|plan)_[A-Za-z0-9_]+$/, { message: "STRIPE_LEGACY_PRO_PRICE_IDS must list price ids such as price_…" }))),
  /** Only for the local Stripe stand-in; unset in production. */
  STRIPE_API_URL: z.url().optional(),
  COOKIE_SECRET: z.string().min(32, { message: "COOKIE_SECRET must be at least 32 characters" }),
  /** The AI engine: any OpenAI-compatible endpoint (OpenAI, Groq, Ollama, vLLM, the local stand-in). */
  AI_BASE_URL: z.url({ message: "AI_BASE_URL must be an absolute URL such as https://api.openai.com/v1" }).optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  /** On Cloudflare, with no AI_BASE_URL: the Workers AI model run through the `AI` binding. */
  AI_WORKERS_MODEL: z.string().optional(),
  /** The extension's store listing; unset: "Download Extension" leads to /extension/download. */
  EXTENSION_STORE_URL: z.url({ message: "EXTENSION_STORE_URL must be an absolute URL" }).optional(),
  /** Browser-extension origins allowed to call /api/v1/* from the browser (comma-separated). */
  EXTENSION_ORIGINS: z
    .string()
    .optional()
    .transform((value) => (value ?? "").split(",").map((origin) => origin.trim().replace(/\/+$/, "")).filter(Boolean))
    .pipe(
      z.array(
        z.string().regex(/^(chrome-extension|moz-extension|safari-web-extension):\/\/[A-Za-z0-9._-]+$/, {
          message: "EXTENSION_ORIGINS must list origins such as chrome-extension://<extension id>",
        }),
      ),
    ),
});

export type AppEnv = z.infer<typeof envSchema>;

/** Said when production starts with no AI engine configured. */
export const NO_ENGINE_MESSAGE =
  "No AI engine configured: set AI_BASE_URL and AI_MODEL (and AI_API_KEY if the endpoint needs one), or on Cloudflare bind Workers AI as AI";

export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

/**
 * The order in which missing variables are reported, Supabase's first. (A missing Supabase key is
 * reported before all of them, as "supabaseKey is required.", the words of Supabase's own client.)
 */
const REQUIRED = [
  "SUPABASE_URL",
  "SUPABASE_ANON_KEY",
  "SUPABASE_SERVICE_ROLE_KEY",
  "APP_URL",
  "COOKIE_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRO_PRICE_ID",
] as const;

type RawEnv = Record<string, string | undefined>;

export function parseEnv(raw: RawEnv): AppEnv {
  const present = (name: string) => typeof raw[name] === "string" && raw[name] !== "";
  if (!present("SUPABASE_ANON_KEY") || !present("SUPABASE_SERVICE_ROLE_KEY")) {
    throw new ConfigurationError("supabaseKey is required.");
  }
  const missing = REQUIRED.filter((name) => !present(name));
  if (missing.length > 0) {
    throw new ConfigurationError(
      `Missing environment variable${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}`,
    );
  }
  const values = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, raw[key] === "" ? undefined : raw[key]]),
  );
  if (present("AI_BASE_URL") && !present("AI_MODEL")) {
    throw new ConfigurationError("Missing environment variable: AI_MODEL (the model to call at AI_BASE_URL)");
  }
  const result = envSchema.safeParse(values);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigurationError(
      `Invalid environment variable ${String(issue?.path[0])}: ${issue?.message ?? "invalid"}`,
    );
  }
  if (result.data.NODE_ENV === "production" && !isLocalOrigin(result.data.APP_URL)) {
    const local = localValuesIn(result.data);
    if (local.length > 0) {
      throw new ConfigurationError(
        `Production refuses local development values (the local backend's published keys and addresses): ${local.join(", ")}`,
      );
    }
  }
  return result.data;
}

/** http://localhost…, http://127.x… or http://[::1]…: the app running on this machine. */
function isLocalOrigin(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** The local AI stand-in's port (emulators/config.ts's LOCAL_AI_PORT; the app does not import the emulators). */
const LOCAL_AI_PORT = "54331";

/** Whether an AI_BASE_URL is the local, rule-based stand-in of `npm run dev` (said on the dashboard). */
export function isLocalAiStandIn(baseUrl: string | undefined): boolean {
  return baseUrl !== undefined && isLocalOrigin(baseUrl) && new URL(baseUrl).port === LOCAL_AI_PORT;
}

/** The Supabase CLI's well-known local keys are JWTs issued by "supabase-demo". */
function isLocalSupabaseKey(key: string): boolean {
  try {
    const payload = JSON.parse(atob(key.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { iss?: unknown };
    return payload.iss === "supabase-demo";
  } catch {
    return false;
  }
}

/**
 * Values that only make sense with the local backend: a public site configured with them is a
 * mistake that would, at best, not work and, at worst, sign its cookies with a published secret.
 */
function localValuesIn(env: AppEnv): string[] {
  const local: string[] = [];
  if (isLocalOrigin(env.SUPABASE_URL)) local.push("SUPABASE_URL");
  if (isLocalSupabaseKey(env.SUPABASE_ANON_KEY)) local.push("SUPABASE_ANON_KEY");
  if (isLocalSupabaseKey(env.SUPABASE_SERVICE_ROLE_KEY)) local.push("SUPABASE_SERVICE_ROLE_KEY");
  if (env.STRIPE_API_URL) local.push("STRIPE_API_URL");
  if (env.STRIPE_SECRET_KEY.endsWith("_tonewise_local")) local.push("STRIPE_SECRET_KEY");
  if (env.COOKIE_SECRET.includes("not-for-production")) local.push("COOKIE_SECRET");
  if (isLocalAiStandIn(env.AI_BASE_URL)) local.push("AI_BASE_URL");
  return local;
}

/**
 * The environment for one request, set by each platform's entry: the Worker from its bindings
 * (workers/handler.ts), the Node server from process.env parsed once at start (express-app.ts).
 * Only `react-router dev` and the integration harness, which call the app without an entry of
 * ours, leave it unset: getEnv then parses process.env itself.
 */
export const envContext = createContext<AppEnv | null>(null);

let processEnv: AppEnv | undefined;

function fromProcess(): AppEnv {
  processEnv ??= parseEnv(globalThis.process?.env ?? {});
  return processEnv;
}

export function getEnv(context?: Readonly<RouterContextProvider>): AppEnv {
  return context?.get(envContext) ?? fromProcess();
}

/** Origins a form may be redirected to after it posts (Stripe Checkout and the portal). */
export function formRedirectTargets(env: AppEnv): string[] {
  if (env.STRIPE_API_URL) return [new URL(env.STRIPE_API_URL).origin];
  return ["https://checkout.stripe.com", "https://billing.stripe.com"];
}
