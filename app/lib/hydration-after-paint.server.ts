/**
 * The page's JavaScript starts after its first paint (issue 13; docs/decisions/035).
 *
 * React Router's <Scripts> writes `<link rel="modulepreload">` for every chunk of the page (React
 * hoists them into the head) and one inline module that imports the route modules, then the
 * client entry, which hydrates. The browser fetches those chunks while it is still reading the
 * document and, on a fast connection, runs them before it has painted anything: the first paint
 * then waits for the framework to evaluate and the page to hydrate. On a slow phone connection
 * (what Lighthouse simulates) the 110–160 kB of JavaScript shares the line with the document and
 * holds up the first paint that the HTML and its inline stylesheet alone would give.
 *
 * Every page is complete as HTML (it works with JavaScript off), so the JavaScript can wait for
 * it to be on screen: the preload links leave the head, and the inline module waits until the
 * browser has painted, then preloads the same chunks and evaluates them, each step in a task of
 * its own (decision 059), and imports the route modules, then the entry, as React Router wrote it. A page that opens in a background tab
 * paints nothing until it is shown, so there it starts at once.
 *
 * Only the text of the inline module changes: it stays the same element, with the same nonce, so
 * React hydrates it as before, and it adopts the preload links the module adds as its own (React
 * matches a hoisted link by its href and rel).
 */

/** React Router's inline module: its attributes in the order React writes the props. */
const ROUTER_MODULE_SCRIPT = /(<script nonce="[^"]*" type="module" async="">)([\s\S]*?)(<\/script>)/;
/** A chunk's preload link in the head, however React orders its attributes. */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"(?: [a-zA-Z-]+="[^"]*")*\/>/g;
/** The shared chunk (React, React Router, the site's shell) and React DOM's among the preloads (vite.config.ts names them). */
const SITE_SHELL_CHUNK = /\/site-shell-[\w-]+\.js$/;
const REACT_DOM_CHUNK = /\/react-dom-[\w-]+\.js$/;
/**
 * A function that ends the current task: what follows its `await` runs in a new one (a message to
 * itself, which is a task of its own; not a timer, which a test's fake clock would hold, as for
 * the paint below).
 */
const NEXT_TASK_FUNCTION =
  "const nextTask = () => new Promise((go) => { const { port1, port2 } = new MessageChannel(); port1.onmessage = () => go(); port2.postMessage(0); });";

/** One of the route modules the inline module imports (`import * as route0 from "/assets/…";`). */
const STATIC_IMPORT = /^import \* as ([A-Za-z_$][\w$]*) from ("[^"]+");$/gm;

/**
 * Resolves once the browser reports the page's first paint: at once when it has already painted
 * (a buffered entry), when the tab is hidden (nothing paints until it is shown) or when the
 * browser has no paint timing (or no PerformanceObserver at all). A paint observer, not a frame
 * callback or a timer: those are what a test's fake clock holds still, and the observer is told
 * after the paint, not before it.
 */
const AFTER_FIRST_PAINT =
  'await new Promise((go) => document.visibilityState === "hidden" || typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("paint") ? go() : new PerformanceObserver((_, seen) => { seen.disconnect(); go(); }).observe({ type: "paint", buffered: true }));';

/**
 * The document with its JavaScript held until the first paint; unchanged when it has no inline
 * module of React Router's. Not for the development server, whose module graph and client (HMR)
 * are Vite's.
 */
export function hydrateAfterFirstPaint(html: string): string {
  const script = ROUTER_MODULE_SCRIPT.exec(html);
  if (!script) return html;
  const [whole, open = "", text = "", close = ""] = script;

  const preloads = [...html.matchAll(MODULE_PRELOAD)].flatMap((link) => (link[1] ? [link[1]] : []));
  const imports = [...text.matchAll(STATIC_IMPORT)].map(([, name, specifier]) => ({ name, specifier }));
  const entry = /^import\(("[^"]+")\);?\s*$/m.exec(text)?.[1];
  const siteShell = preloads.find((href) => SITE_SHELL_CHUNK.test(href));
  const reactDom = preloads.find((href) => REACT_DOM_CHUNK.test(href));
  // Every step of the start-up is a task of its own, so that none is long and a tap in between is
  // answered (issue 13's total blocking time): each preload link (the first few cost 1–6 ms each
  // on a phone-speed CPU), then each chunk's evaluation. The shared chunk goes first; the others
  // from the end of the list, where React Router writes a route module's own imports after it, so
  // that each import finds what it needs already run. React DOM comes last, between the route
  // modules and the entry that hydrates.
  const inTurn = preloads.filter((href) => href !== siteShell && href !== reactDom && JSON.stringify(href) !== entry).reverse();
  const steps = [
    NEXT_TASK_FUNCTION,
    AFTER_FIRST_PAINT,
    preloads.length
      ? `for (const href of ${jsonInScript(preloads)}) { document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href })); await nextTask(); }`
      : "",
    siteShell ? `await import(${jsonInScript(siteShell)}); await nextTask();` : "",
    inTurn.length ? `for (const href of ${jsonInScript(inTurn)}) { await import(href); await nextTask(); }` : "",
    imports.length
      ? `const [${imports.map((i) => i.name).join(", ")}] = await Promise.all([${imports.map((i) => `import(${i.specifier})`).join(", ")}]);`
      : "",
    reactDom ? `await import(${jsonInScript(reactDom)}); await nextTask();` : "",
  ];
  const deferred = `${open}${steps.filter(Boolean).join("\n")}\n${text.replace(STATIC_IMPORT, "")}${close}`;

  const at = script.index;
  const before = html.slice(0, at).replace(MODULE_PRELOAD, "");
  return `${before}${deferred}${html.slice(at + whole.length)}`;
}

/** JSON that cannot end the script it is written into. */
function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
