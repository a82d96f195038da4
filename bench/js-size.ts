/**
 * JavaScript a page makes the browser download, per route, from a React Router server build.
 *
 * Mirrors what React Router's <Scripts> puts in the server-rendered HTML: the client entry and
 * its imports, then for every matched route (root → leaf) the route module, its split client
 * modules and its static imports, deduplicated; plus the route manifest file when lazy route
 * discovery is off (with it on, as here, the manifest is inlined in the HTML and patched in
 * later). Each file is gzipped on its own at level 9, as a server or CDN would send it.
 * A route whose page is sent without scripts (decision 037) counts nothing.
 * Not counted: inline scripts in the HTML (hydration data, the partial manifest). Chunks the
 * page's modules load by dynamic import() (the landing page's islands, decision 033) are counted
 * apart, as `deferredGzipBytes`: the browser fetches them after the first download, while the
 * page hydrates.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { isDocumentWithoutScripts } from "../app/lib/document-scripts.ts";

type ManifestRoute = NonNullable<ServerBuild["assets"]["routes"][string]>;

export interface RouteJs {
  path: string;
  /** Route ids that matched, root first. */
  routeIds: string[];
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  /** Chunks the first download's modules import dynamically (and are not in it themselves). */
  deferredFiles: string[];
  deferredGzipBytes: number;
}

/**
 * The chunks a built module imports with import(): Vite lists them, with their own imports, in the
 * module's `__vite__mapDeps` table ("assets/x.js", relative to the public path); a plain
 * `import("./x.js")` is the form without that table.
 */
function dynamicImportsOf(source: string, publicPath: string, moduleHref: string): string[] {
  const found: string[] = [];
  const table = /m\.f=\[([^\]]*)\]/.exec(source);
  if (table) for (const [, file] of table[1]!.matchAll(/"([^"]+\.js)"/g)) found.push(publicPath + file);
  const directory = moduleHref.slice(0, moduleHref.lastIndexOf("/") + 1);
  for (const [, file] of source.matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)) found.push(directory + file);
  return found;
}

export async function loadServerBuild(buildDirectory: string): Promise<ServerBuild> {
  const entry = path.resolve(buildDirectory, "server/index.js");
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

function routeTree(routes: Record<string, ManifestRoute | undefined>): RouteObject[] {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route): route is ManifestRoute => route !== undefined && route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path }
          : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
      );
  return childrenOf(undefined);
}

/** `buildDirectory` holds `client/` and `server/` (React Router's build directory). */
export function measureRoutes(build: ServerBuild, buildDirectory: string, paths: readonly string[]): RouteJs[] {
  const { assets } = build;
  const clientDirectory = path.resolve(buildDirectory, "client");
  const tree = routeTree(assets.routes);
  const lazyDiscovery = build.routeDiscovery?.mode === "lazy" && build.ssr;
  const fileCache = new Map<string, { raw: number; gzip: number; dynamicImports: string[] }>();
  /** Each file is read once: its sizes and the chunks it imports later. */
  const fileOf = (href: string) => {
    let file = fileCache.get(href);
    if (!file) {
      const bytes = readFileSync(path.join(clientDirectory, href.slice(build.publicPath.length)));
      file = {
        raw: bytes.byteLength,
        gzip: gzipSync(bytes, { level: 9 }).byteLength,
        dynamicImports: dynamicImportsOf(bytes.toString("utf8"), build.publicPath, href),
      };
      fileCache.set(href, file);
    }
    return file;
  };

  return paths.map((pathname) => {
    const matches = matchRoutes(tree, pathname) ?? [];
    if (matches.length === 0) throw new Error(`No route matches ${pathname}`);
    const routeIds = matches.map((match) => match.route.id!);
    // A page complete as HTML is sent without scripts (decision 037): nothing to download.
    if (isDocumentWithoutScripts(build.routes[routeIds.at(-1)!]?.module.handle)) {
      return { path: pathname, routeIds, files: [], rawBytes: 0, gzipBytes: 0, deferredFiles: [], deferredGzipBytes: 0 };
    }
    const files = new Set<string>();
    if (!lazyDiscovery) files.add(assets.url);
    files.add(assets.entry.module);
    for (const href of assets.entry.imports) files.add(href);
    for (const id of routeIds) {
      const route = assets.routes[id];
      if (!route) continue;
      for (const href of [
        route.module,
        route.clientActionModule,
        route.clientLoaderModule,
        route.clientMiddlewareModule,
        route.hydrateFallbackModule,
        ...(route.imports ?? []),
      ]) {
        if (href) files.add(href);
      }
    }
    let rawBytes = 0;
    let gzipBytes = 0;
    const deferred = new Set<string>();
    for (const href of files) {
      const file = fileOf(href);
      rawBytes += file.raw;
      gzipBytes += file.gzip;
      for (const later of file.dynamicImports) if (!files.has(later)) deferred.add(later);
    }
    const deferredGzipBytes = [...deferred].reduce((sum, href) => sum + fileOf(href).gzip, 0);
    return { path: pathname, routeIds, files: [...files], rawBytes, gzipBytes, deferredFiles: [...deferred], deferredGzipBytes };
  });
}
