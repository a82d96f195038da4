/**
 * Runs a command with a backend:
 *
 *   node emulators/launch.ts --app-url http://localhost:5173 [--no-env-file] -- <command> [args…]
 *
 * Loads .env when present, unless `--no-env-file` (the test runs and `npm run load`: what a
 * developer configured for `npm run dev` must not change what the tests run against, a real
 * project or a real model). With SUPABASE_URL set (a real project), it just runs the command.
 * Otherwise it starts the local backend over HTTP (data in .local-backend/, or in memory with
 * LOCAL_BACKEND_IN_MEMORY=1), hands the command the local addresses and keys, tells the local
 * Stripe to deliver webhooks to `${APP_URL}/api/webhooks/stripe`, and stops everything when the
 * command exits, exiting with its code.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { describeLocalBackend, LOCAL_BACKEND_DATA_DIR } from "./cli.ts";
import { localAppEnvironment } from "./config.ts";
import { assertPortsAvailable, serveLocalBackend, type ServedLocalBackend } from "./http.ts";
import { createLocalBackend, DEFAULT_PORTS, type LocalBackend } from "./index.ts";
import { errorMessage } from "../app/lib/error-message.ts";

const USAGE = "Usage: node emulators/launch.ts --app-url <url> [--no-env-file] -- <command> [args…]";

export interface LaunchArguments {
  appUrl: string;
  /** Whether .env is read (it is unless `--no-env-file`). */
  envFile: boolean;
  command: string;
  args: string[];
}

export function parseLaunchArguments(argv: string[]): LaunchArguments {
  const separator = argv.indexOf("--");
  if (separator < 0 || separator === argv.length - 1) throw new Error(USAGE);
  const options = argv.slice(0, separator);
  const [command, ...args] = argv.slice(separator + 1);
  let appUrl: string | undefined;
  let envFile = true;
  for (let index = 0; index < options.length; index++) {
    const option = options[index]!;
    if (option === "--no-env-file") envFile = false;
    else if (option === "--app-url") appUrl = options[++index];
    else if (option.startsWith("--app-url=")) appUrl = option.slice("--app-url=".length);
    else throw new Error(`Unknown option ${option}\n${USAGE}`);
  }
  if (!appUrl || !URL.canParse(appUrl)) throw new Error(`--app-url must be an absolute URL\n${USAGE}`);
  return { appUrl: appUrl.replace(/\/+$/, ""), envFile, command: command!, args };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", shell: false, env });
    const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
    const onInt = forward("SIGINT");
    const onTerm = forward("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    child.once("error", (error) => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      reject(new Error(`Cannot run ${command}: ${error.message}`));
    });
    child.once("exit", (code, signal) => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolve(code ?? (signal ? 128 + (signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : 1) : 1));
    });
  });
}

async function main(): Promise<number> {
  const { appUrl, envFile, command, args } = parseLaunchArguments(process.argv.slice(2));
  if (envFile && existsSync(".env")) process.loadEnvFile(".env");
  if (process.env.NODE_ENV === "production") {
    throw new Error("The local backend is for development and tests: refusing to run with NODE_ENV=production.");
  }

  if (process.env.SUPABASE_URL) {
    return run(command, args, { ...process.env, APP_URL: process.env.APP_URL ?? appUrl });
  }

  const inMemory = process.env.LOCAL_BACKEND_IN_MEMORY === "1";
  const webhookUrl = `${appUrl}/api/webhooks/stripe`;
  let backend: LocalBackend | undefined;
  let served: ServedLocalBackend | undefined;
  try {
    await assertPortsAvailable(DEFAULT_PORTS);
    backend = await createLocalBackend({
      dataDir: inMemory ? undefined : LOCAL_BACKEND_DATA_DIR,
      stripeWebhookUrl: webhookUrl,
      siteUrl: appUrl,
    });
    served = await serveLocalBackend(backend);
    console.log(describeLocalBackend(served.urls));
    console.log(`  webhooks to     ${webhookUrl}\n  data            ${inMemory ? "in memory" : `${LOCAL_BACKEND_DATA_DIR}/`}`);

    // A real engine configured in the environment wins over the local AI stand-in.
    const local = localAppEnvironment(appUrl, served.urls);
    const engine = process.env.AI_BASE_URL ? { AI_BASE_URL: process.env.AI_BASE_URL, AI_MODEL: process.env.AI_MODEL ?? "", AI_API_KEY: process.env.AI_API_KEY ?? "" } : {};
    return await run(command, args, { ...process.env, ...local, ...engine });
  } finally {
    await served?.close();
    await backend?.close();
  }
}

if (import.meta.main) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(errorMessage(error));
      process.exit(1);
    },
  );
}
