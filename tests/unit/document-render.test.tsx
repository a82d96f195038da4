/**
 * renderDocument (docs/decisions/053): a page rendered in one pass when nothing in it waits, and
 * with React's streaming renderer when something does, to the same HTML. A small React Router app
 * built in memory, served through React Router's own request handler, as the app's pages are.
 */
import { lazy, Suspense } from "react";
import {
  createRequestHandler,
  Outlet,
  RouterContextProvider,
  Scripts,
  useLoaderData,
  type UNSAFE_AssetsManifest as AssetsManifest,
  type EntryContext,
  type ServerBuild,
} from "react-router";
import { describe, expect, it } from "vitest";
import { renderDocument } from "~/lib/document-render.server";

const NONCE = "test-nonce";
/** What the loader hands the page: text that must not end the script it travels in. */
const GREETING = "Hello </script><script>alert(1)</script> & \u2028 goodbye";

function Root() {
  const { greeting } = useLoaderData<{ greeting: string }>();
  return (
    <html lang="en">
      <head>
        <title>Test</title>
      </head>
      <body>
        <p>{greeting}</p>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

/** A part loaded on first use, a little later, as `React.lazy` loads a chunk. */
function lazyPart(text: string) {
  return lazy(() => new Promise<{ default: () => React.ReactElement }>((resolve) => setTimeout(() => resolve({ default: () => <p>{text}</p> }), 20)));
}
const LazyPart = lazyPart("The part loaded later");
function LazyPage() {
  return (
    <Suspense fallback={<p>Loading</p>}>
      <LazyPart />
    </Suspense>
  );
}

function Failing(): React.ReactElement {
  throw new Error("the part failed");
}
function FailingPage() {
  return (
    <main>
      <Suspense fallback={<p>Left to the browser</p>}>
        <Failing />
      </Suspense>
    </main>
  );
}

function manifestRoute(id: string, parentId?: string) {
  return {
    id,
    parentId,
    path: id === "root" ? "" : id,
    module: `/assets/${id}.js`,
    hasAction: false,
    hasLoader: id === "root",
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    imports: [],
    css: [],
  };
}

/** A server for the three routes, whose entry renders with renderDocument and records errors. */
function testServer() {
  const errors: unknown[] = [];
  const assets = {
    entry: { imports: [], module: "/assets/entry.client.js" },
    routes: { root: manifestRoute("root"), lazy: manifestRoute("lazy", "root"), failing: manifestRoute("failing", "root") },
    url: "/assets/manifest.js",
    version: "test",
  } as unknown as AssetsManifest;
  const build = {
    entry: {
      module: {
        default: async (request: Request, status: number, headers: Headers, context: EntryContext) => {
          const html = await renderDocument({ context, url: request.url, nonce: NONCE, timeoutMs: 5_000, onError: (error) => void errors.push(error) });
          headers.set("Content-Type", "text/html; charset=utf-8");
          return new Response(html, { status, headers });
        },
      },
    },
    routes: {
      root: { id: "root", path: "", module: { default: Root, loader: () => ({ greeting: GREETING }) } },
      lazy: { id: "lazy", parentId: "root", path: "lazy", module: { default: LazyPage } },
      failing: { id: "failing", parentId: "root", path: "failing", module: { default: FailingPage } },
    },
    assets,
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return {
    errors,
    page: async (path: string) => (await handle(new Request(`http://localhost${path}`), new RouterContextProvider())).text(),
  };
}

/** The loader data as the page's script hands it to the browser's stream, decoded. */
function handedOver(html: string): string {
  const scripts = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!) as string;
}

describe("renderDocument", () => {
  it("waits for a part that is not loaded yet, and renders the same page in one pass once it is", async () => {
    const server = testServer();
    const first = await server.page("/lazy");
    expect(first).toContain("<p>The part loaded later</p>");
    expect(first).not.toContain("Loading");
    // The part is loaded now: the next page is rendered in one pass, and is the same HTML.
    const second = await server.page("/lazy");
    expect(second).toBe(first);
    expect(server.errors).toEqual([]);
  });

  it("starts the document with its doctype and hands the loader data to the browser, escaped for a script", async () => {
    const server = testServer();
    await server.page("/lazy");
    const html = await server.page("/lazy");
    expect(html.startsWith("<!DOCTYPE html><html lang=\"en\">")).toBe(true);
    expect(html).not.toContain("<script>alert(1)");
    expect(handedOver(html)).toContain(JSON.stringify(GREETING));
    expect(html).toContain(`<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script>`);
    expect(html.endsWith("</body></html>")).toBe(true);
  });

  it("reports a part that fails and leaves it to the browser, as the streaming renderer does", async () => {
    const server = testServer();
    const html = await server.page("/failing");
    expect(server.errors).toHaveLength(1);
    expect(String(server.errors[0])).toContain("the part failed");
    expect(html).toContain("<!--$!-->");
    expect(html).toContain("<p>Left to the browser</p>");
    expect(handedOver(html)).toContain(JSON.stringify(GREETING));
  });
});
