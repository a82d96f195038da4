/**
 * Child process of `npm run bench`: serves the production build (`node server.ts`) with the local
 * backend in memory, like
 *
 *   PORT=… LOCAL_BACKEND_IN_MEMORY=1 node emulators/launch.ts --app-url … -- node server.ts
 *
 * with one difference: the launcher's backend listens on fixed ports (54321, 54324, 12111), which
 * a parallel `npm run dev` or test run usually holds, so here the backend takes free loopback
 * ports and the app is handed those. The variables are the launcher's.
 *
 * Env: PORT (the app's port, on 127.0.0.1), BENCH_BACKEND_PORTS ("supabase,mailbox,stripe").
 * Exits, stopping the app and the backend, when the bench's IPC channel closes or after
 * MAX_LIFETIME_MS, whichever comes first.
 */
import { spawn } from "node:child_process";
import * as local from "../emulators/config.ts";
import { serveLocalBackend } from "../emulators/http.ts";
import { createLocalBackend } from "../emulators/index.ts";

const MAX_LIFETIME_MS = 5 * 60_000;

const port = Number(process.env.PORT);
const [supabase, mailbox, stripe] = (process.env.BENCH_BACKEND_PORTS ?? "").split(",").map(Number);
if (!port || !supabase || !mailbox || !stripe) {
  console.error("bench/app-server.ts needs PORT and BENCH_BACKEND_PORTS");
  process.exit(2);
}
const appUrl = `http://127.0.0.1:${port}`;

const backend = await createLocalBackend({
  ports: { supabase, mailbox, stripe },
  stripeWebhookUrl: `${appUrl}/api/webhooks/stripe`,
  siteUrl: appUrl,
  logEmails: false,
});
const served = await serveLocalBackend(backend);

const app = spawn(process.execPath, ["server.ts"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: appUrl,
    SUPABASE_URL: served.urls.supabase,
    SUPABASE_ANON_KEY: local.LOCAL_SUPABASE_ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: local.LOCAL_SUPABASE_SERVICE_ROLE_KEY,
    STRIPE_SECRET_KEY: local.LOCAL_STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: local.LOCAL_STRIPE_WEBHOOK_SECRET,
    STRIPE_PRO_PRICE_ID: local.LOCAL_STRIPE_PRO_PRICE_ID,
    STRIPE_API_URL: served.urls.stripe,
    COOKIE_SECRET: local.LOCAL_COOKIE_SECRET,
  },
});

let stopping = false;
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (app.exitCode === null && app.signalCode === null) {
      const exited = new Promise((resolve) => app.once("exit", resolve));
      app.kill("SIGTERM");
      const timer = setTimeout(() => app.kill("SIGKILL"), 3_000);
      await exited;
      clearTimeout(timer);
    }
    await served.close();
    await backend.close();
  }
  process.exit(code);
}

app.once("exit", (code) => void stop(code ?? 1));
process.once("disconnect", () => void stop(0));
process.once("SIGTERM", () => void stop(0));
process.once("SIGINT", () => void stop(0));
setTimeout(() => void stop(1), MAX_LIFETIME_MS).unref();
