/**
 * hydrateAfterFirstPaint (decision 035) on documents shaped as React Router writes them: the page
 * asks for no script before the module runs, and the module, once the paint is seen, preloads the
 * same chunks and hands React Router the same route modules under the same names.
 */
import { describe, expect, it } from "vitest";
import { hydrateAfterFirstPaint } from "~/lib/hydration-after-paint.server";
import { NEXT_TASK, runInlineModule as runModule } from "./inline-module-runner";

const NONCE = "bm9uY2Utbm9uY2U=";

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
    // Each step in a task of its own: every preload link, then every chunk's evaluation (the shared
    // chunk first, the route modules and their imports from the end of the list, React DOM last),
    // then the route modules (already run) for the router, and the entry that hydrates.
    expect(run.timeline).toEqual([
      "modulepreload /assets/entry.client-A.js",
      NEXT_TASK,
      "modulepreload /assets/site-shell-B.js",
      NEXT_TASK,
      "modulepreload /assets/react-dom-F.js",
      NEXT_TASK,
      "modulepreload /assets/root-C.js",
      NEXT_TASK,
      "modulepreload /assets/home-D.js",
      NEXT_TASK,
      "import /assets/site-shell-B.js",
      NEXT_TASK,
      "import /assets/home-D.js",
      NEXT_TASK,
      "import /assets/root-C.js",
      NEXT_TASK,
      "import /assets/root-C.js",
      "import /assets/home-D.js",
      "import /assets/react-dom-F.js",
      NEXT_TASK,
      "import /assets/entry.client-A.js",
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
    // The split route's chunks are not among the document's preloads here: they are evaluated when
    // the router's modules are imported, together under the route's name.
    expect(run.imported).toEqual([
      "/assets/site-shell-B.js",
      "/assets/home-D.js",
      "/assets/root-C.js",
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
