/**
 * The production build's first load (decision 035, amended): the inline module of a page with
 * scripts evaluates the shared chunk and React DOM each on its own, as vite.config.ts names those
 * chunks and app/lib/hydration-after-paint.server.ts looks for them. A renamed chunk would leave
 * the page working but the split silently gone; this is where that shows.
 */
import { describe, expect, it } from "vitest";
import { appForThisFile } from "./app-harness.ts";

const app = appForThisFile();

function inlineModule(html: string): string {
  const text = /<script nonce="[^"]*" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (text === undefined) throw new Error("no inline module");
  return text;
}

/** The module's steps: the chunks it imports and its task breaks, in order; chunk names without their 8-character hashes. */
function steps(module: string): string[] {
  return [...module.matchAll(/\bimport\("\/assets\/([a-z.-]+)-[\w-]{8}\.js"\)|(new MessageChannel\(\))/g)].map(([, chunk, task]) =>
    task ? "next task" : chunk!,
  );
}

describe("the first load's tasks", () => {
  for (const pathname of ["/", "/auth"]) {
    it(`evaluates the shared chunk, the route modules, React DOM and the entry each in a task of its own on ${pathname}`, async () => {
      const { html } = await app.client().html(pathname);
      const order = steps(inlineModule(html));
      const routeModules = order.slice(2, -4);
      expect(order).toEqual(["site-shell", "next task", ...routeModules, "next task", "react-dom", "next task", "entry.client"]);
      expect(routeModules.length).toBeGreaterThan(0);
      expect(routeModules.filter((name) => ["site-shell", "react-dom", "entry.client", "next task"].includes(name))).toEqual([]);
    });
  }
});
