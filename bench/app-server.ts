/**
 * Child process of `npm run bench`: serves the production build (`node server.ts`) with the local
 * backend in memory, like
 *
 *   PORT=… LOCAL_BACKEND_IN_MEMORY=1 node emulators/launch.ts --app-url … -- node server.ts
 *
 * with one difference: the launcher's backend listens on fixed ports (54321, 54324, 12111, 54331), which
 * a parallel `npm run dev` or test run usually holds, so here the backend takes free loopback
 * ports and the app is handed those. The variables are the launcher's.
 *
 * Env: PORT (the app's port, on 127.0.0.1), BENCH_BACKEND_PORTS ("supabase,mailbox,stripe,ai").
 * Exits, stopping the app and the backend, when the bench's IPC channel closes or after
 * MAX_LIFETIME_MS, whichever comes first.
 */
import { spawn } from "node:child_process";
import { localAppEnvironment } from "../emulators/config.ts";
import { serveLocalBackend } from "../emulators/http.ts";
import { createLocalBackend } from "../emulators/index.ts";
// Our server lives through the whole bench, Lighthouse last. It lived five minutes at most until
// 2026-11-28: on a slow host the bench outlasted it, and Lighthouse's runs of /auth and /dashboard
// met a closed port ("Chrome prevented page load with an interstitial").
import { MAX_LIFETIME_MS } from "./child-server.ts";

const port = Number(process.env.PORT);
const [supabase, mailbox, stripe, ai] = (process.env.BENCH_BACKEND_PORTS ?? "").split(",").map(Number);
if (!port || !supabase || !mailbox || !stripe || !ai) {
  console.error("bench/app-server.ts needs PORT and BENCH_BACKEND_PORTS");
  process.exit(2);
}
const appUrl = `http://127.0.0.1:${port}`;

const backend = await createLocalBackend({
  ports: { supabase, mailbox, stripe, ai },
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
    ...localAppEnvironment(appUrl, served.urls),
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
