/**
 * hydrateAfterFirstPaint (decision 035) on documents shaped as React Router writes them: the page
 * asks for no script before the module runs, and the module, once the paint is seen, preloads the
 * same chunks and hands React Router the same route modules under the same names.
 */
import { describe, expect, it } from "vitest";
import { hydrateAfterFirstPaint } from "~/lib/hydration-after-paint.server";

const NONCE = "bm9uY2Utbm9uY2U=";
const NEXT_TASK = "(next task)";

/** A document as React Router's <Scripts> leaves it (React hoists the preload links). */
function routerDocument(routeImports: string): string {
  const preloads = ["/assets/entry.client-A.js", "/assets/site-shell-B.js", "/assets/react-dom-F.js", "/assets/root-C.js", "/assets/home-D.js"]
    .map((href) => `<link rel="modulepreload" href="${href}" nonce="${NONCE}"/>`)
    .join("");
  return [
    `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${preloads}<style>body{}</style></head>`,
    `<body><main>Hello</main><script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
    `<script nonce="${NONCE}" type="module" async="">;\n${routeImports}\n`,
    `  window.__reactRouterManifest = {"url":"/assets/manifest-1.js"};\n`,
    `  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n`,
    `import("/assets/entry.client-A.js");</script></body></html>`,
  ].join("");
}

/** The inline module's text and what it does when run: which modules it imports, in what order. */
async function runModule(html: string) {
  const text = /<script nonce="[^"]*" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (text === undefined) throw new Error("no inline module");
  const imported: string[] = [];
  const appended: string[] = [];
  let painted!: () => void;
  const window: Record<string, unknown> = {};
  const document = {
    visibilityState: "visible",
    head: { append: (link: { rel: string; href: string }) => appended.push(`${link.rel} ${link.href}`) },
    createElement: () => ({}),
  };
  class PerformanceObserver {
    static supportedEntryTypes = ["paint"];
    readonly seen: (list: unknown, observer: { disconnect(): void }) => void;
    constructor(seen: (list: unknown, observer: { disconnect(): void }) => void) {
      this.seen = seen;
    }
    observe() {
      painted = () => this.seen([], { disconnect() {} });
    }
  }
  // The module's own text, run as an async function with the page's globals and `import` replaced
  // by a recorder (the browser runs it as a module; the text is the same).
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
  const body = text.replace(/\bimport\(/g, "load(");
  const load = async (specifier: string) => {
    imported.push(specifier);
    return { specifier };
  };
  // Where the module lets the browser end its task (a message to itself): marked in the list of imports.
  class MessageChannel {
    readonly port1: { onmessage?: () => void } = {};
    readonly port2 = {
      postMessage: () => {
        imported.push(NEXT_TASK);
        setTimeout(() => this.port1.onmessage?.());
      },
    };
  }
  const running = new AsyncFunction("window", "document", "PerformanceObserver", "MessageChannel", "load", body)(
    window,
    document,
    PerformanceObserver,
    MessageChannel,
    load,
  );
  await Promise.resolve();
  const beforePaint = { imported: [...imported], appended: [...appended] };
  painted();
  await running;
  return { text, beforePaint, imported, appended, window };
}

describe("hydrateAfterFirstPaint", () => {
  it("takes the preload links out of the document and keeps the inline module, with its nonce", () => {
    const html = hydrateAfterFirstPaint(routerDocument(`import * as route0 from "/assets/root-C.js";\nimport * as route1 from "/assets/home-D.js";`));
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toMatch(/^import /m);
    expect(html).toContain(`<script nonce="${NONCE}" type="module" async="">`);
    expect(html).toContain("<main>Hello</main>");
  });

  it("imports nothing before the paint; then preloads every chunk and gives the router its route modules", async () => {
    const html = hydrateAfterFirstPaint(routerDocument(`import * as route0 from "/assets/root-C.js";\nimport * as route1 from "/assets/home-D.js";`));
    const run = await runModule(html);
    expect(run.beforePaint).toEqual({ imported: [], appended: [] });
    expect(run.appended).toEqual([
      "modulepreload /assets/entry.client-A.js",
      "modulepreload /assets/site-shell-B.js",
      "modulepreload /assets/react-dom-F.js",
      "modulepreload /assets/root-C.js",
      "modulepreload /assets/home-D.js",
    ]);
    // The two large chunks each in a task of its own: the shared one before the route modules,
    // React DOM after them and before the entry that hydrates.
    expect(run.imported).toEqual([
      "/assets/site-shell-B.js",
      NEXT_TASK,
      "/assets/root-C.js",
      "/assets/home-D.js",
      NEXT_TASK,
      "/assets/react-dom-F.js",
      NEXT_TASK,
      "/assets/entry.client-A.js",
    ]);
    expect(run.window.__reactRouterRouteModules).toEqual({
      root: { specifier: "/assets/root-C.js" },
      "routes/home": { specifier: "/assets/home-D.js" },
    });
  });

  it("keeps a route split into chunks (client loader and main) together under its name", async () => {
    const split = [
      `import * as route0 from "/assets/root-C.js";`,
      `import * as route1_clientLoader from "/assets/home-client-loader-E.js";`,
      `import * as route1_main from "/assets/home-D.js";`,
      `const route1 = {...route1_clientLoader,...route1_main};`,
    ].join("\n");
    const run = await runModule(hydrateAfterFirstPaint(routerDocument(split)));
    expect(run.imported.filter((specifier) => specifier !== NEXT_TASK)).toEqual([
      "/assets/site-shell-B.js",
      "/assets/root-C.js",
      "/assets/home-client-loader-E.js",
      "/assets/home-D.js",
      "/assets/react-dom-F.js",
      "/assets/entry.client-A.js",
    ]);
    expect(run.window.__reactRouterRouteModules).toEqual({
      root: { specifier: "/assets/root-C.js" },
      "routes/home": { specifier: "/assets/home-D.js" },
    });
  });

  it("leaves a document without React Router's module alone", () => {
    const html = `<!DOCTYPE html><html><head><link rel="modulepreload" href="/x.js"/></head><body>Hi</body></html>`;
    expect(hydrateAfterFirstPaint(html)).toBe(html);
  });

  it("writes no text that could end its script early", () => {
    const html = hydrateAfterFirstPaint(
      routerDocument(`import * as route0 from "/assets/root-C.js";\nimport * as route1 from "/assets/home-D.js";`).replace(
        "/assets/site-shell-B.js",
        "/assets/</script><b>x.js",
      ),
    );
    const text = /<script nonce="[^"]*" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(text).toContain("\\u003c/script>\\u003cb>x.js");
  });
});
