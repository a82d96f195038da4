/**
 * `npm run emulators`: the local backend alone, over HTTP, with its data in .local-backend/.
 * Stops on Ctrl+C.
 */
import {
  LOCAL_STRIPE_PRO_PRICE_ID,
  LOCAL_STRIPE_SECRET_KEY,
  LOCAL_STRIPE_WEBHOOK_SECRET,
  LOCAL_SUPABASE_ANON_KEY,
  LOCAL_SUPABASE_SERVICE_ROLE_KEY,
} from "./config.ts";
import { assertPortsAvailable, serveLocalBackend } from "./http.ts";
import { createLocalBackend, DEFAULT_PORTS } from "./index.ts";
import { errorMessage } from "../app/lib/error-message.ts";

export const LOCAL_BACKEND_DATA_DIR = ".local-backend";

export function describeLocalBackend(urls: { supabase: string; mailbox: string; stripe: string; ai: string }): string {
  return [
    "Local backend running:",
    `  Supabase        ${urls.supabase}  (Auth /auth/v1, REST /rest/v1, controls /__emulator/)`,
    `  Mailbox         ${urls.mailbox}`,
    `  Stripe          ${urls.stripe}`,
    `  AI stand-in     ${urls.ai}  (OpenAI-compatible, rule-based rewrites: not a model)`,
    `  anon key        ${LOCAL_SUPABASE_ANON_KEY}`,
    `  service key     ${LOCAL_SUPABASE_SERVICE_ROLE_KEY}`,
    `  Stripe key      ${LOCAL_STRIPE_SECRET_KEY}`,
    `  webhook secret  ${LOCAL_STRIPE_WEBHOOK_SECRET}`,
    `  Pro price       ${LOCAL_STRIPE_PRO_PRICE_ID}`,
  ].join("\n");
}

async function main(): Promise<void> {
  await assertPortsAvailable(DEFAULT_PORTS);
  const backend = await createLocalBackend({ dataDir: LOCAL_BACKEND_DATA_DIR });
  let served;
  try {
    served = await serveLocalBackend(backend);
  } catch (error) {
    await backend.close();
    throw error;
  }
  console.log(describeLocalBackend(served.urls));
  console.log(`  data            ${LOCAL_BACKEND_DATA_DIR}/ (delete it to start over)\nPress Ctrl+C to stop.`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await served.close();
    await backend.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(errorMessage(error));
    process.exit(1);
  });
}
