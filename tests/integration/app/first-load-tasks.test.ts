/**
 * The production build's first load (decisions 035 and 059): the inline module of a page with
 * scripts, run with recorders in place of the browser's globals, adds each preload link and
 * evaluates each chunk in a task of its own: the shared chunk first, React DOM last before the
 * entry that hydrates, as vite.config.ts names those chunks and
 * app/lib/hydration-after-paint.server.ts looks for them. A renamed chunk, or a task that
 * evaluates two chunks, would leave the page working but its first load's tasks long again; this
 * is where that shows.
 */
import { describe, expect, it } from "vitest";
import { NEXT_TASK, runInlineModule } from "../../unit/inline-module-runner.ts";
import { appForThisFile } from "./app-harness.ts";

const app = appForThisFile();

/** A chunk's name without its 8-character hash ("/assets/site-shell-AbCd1234.js" → "site-shell"). */
const chunkName = (href: string) => /\/assets\/([a-z.-]+)-[\w-]{8}\.js$/.exec(href)?.[1] ?? href;

/** The timeline's tasks: what each one did, chunk names without their hashes. */
function tasks(timeline: string[]): string[][] {
  const split: string[][] = [[]];
  for (const step of timeline) {
    if (step === NEXT_TASK) split.push([]);
    else split.at(-1)!.push(step.replace(/\/assets\/\S+/, chunkName));
  }
  return split;
}

describe("the first load's tasks", () => {
  for (const pathname of ["/", "/auth"]) {
    it(`adds each preload link and evaluates each chunk in a task of its own on ${pathname}`, async () => {
      const { html } = await app.client().html(pathname);
      const run = await runInlineModule(html);
      const byTask = tasks(run.timeline);
      const preloads = run.appended.map((link) => chunkName(link.replace("modulepreload ", "")));
      expect(preloads).toContain("site-shell");
      expect(preloads).toContain("react-dom");

      // One preload link a task, every chunk of the page.
      const preloadTasks = byTask.slice(0, preloads.length);
      expect(preloadTasks).toEqual(preloads.map((name) => [`modulepreload ${name}`]));

      // Then one chunk a task: the shared one first; the route modules for the router (already
      // evaluated, so nothing new) with React DOM; the entry alone, last.
      const evaluations = byTask.slice(preloads.length);
      expect(evaluations[0]).toEqual(["import site-shell"]);
      expect(evaluations.at(-1)).toEqual(["import entry.client"]);
      const seen = new Set<string>();
      for (const task of evaluations) {
        const fresh = task.filter((step) => !seen.has(step));
        task.forEach((step) => seen.add(step));
        expect(fresh.length, `one new chunk in the task ${JSON.stringify(task)}`).toBeLessThanOrEqual(1);
      }
      const imported = [...seen].map((step) => step.replace("import ", ""));
      expect(imported.slice(-2)).toEqual(["react-dom", "entry.client"]);
      expect([...imported].sort()).toEqual([...preloads].sort());
    });
  }
});
