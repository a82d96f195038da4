/**
 * The Docker image runs `node server.ts` from source, next to the build: every file server.ts
 * loads (following value imports, not `import type`, which Node strips) must be among the
 * runtime stage's COPY lines, or the container dies at start. The image cannot be built here, so
 * this reads both.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Our files a module loads at run time: relative specifiers of imports that are not type-only. */
function relativeValueImports(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  const found: string[] = [];
  for (const [, clause, specifier] of source.matchAll(/^\s*(?:import|export)\s+([^;]*?)\s*["'](\.{1,2}\/[^"']+)["']/gm)) {
    if (/^type\s/.test(clause ?? "")) continue;
    found.push(path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), specifier!)));
  }
  return found;
}

function loadedFrom(entry: string): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...relativeValueImports(file));
  }
  return [...seen].sort();
}

/** Files the last stage copies from the build context (`COPY a b ./dir/`), as repository paths. */
function copiedIntoImage(): string[] {
  const dockerfile = readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
  const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
  return [...runtime.matchAll(/^COPY (?!--from)(.+)$/gm)].flatMap(([, line]) => line!.trim().split(/\s+/).slice(0, -1));
}

describe("Dockerfile", () => {
  it("copies every file server.ts loads from source", () => {
    const copied = copiedIntoImage();
    expect(loadedFrom("server.ts")).toEqual(expect.arrayContaining(["server.ts", "express-app.ts", "app/lib/env.server.ts"]));
    for (const file of loadedFrom("server.ts")) expect(copied, `${file} is loaded by server.ts`).toContain(file);
  });
});
