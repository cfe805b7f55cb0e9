import path from 'node:path';
import type { Plugin } from 'vite';
import {
  ADMIN_LAYOUT,
  ADMIN_PAGE_ROUTES,
  PAGE_ROUTES,
  SIGNED_IN_FIRST_DATA,
  SIGNED_IN_WIDGETS,
} from '../src/app/page-routes';

/**
 * The file the build writes beside index.html, read by the server (decision 229), which names it too: Vite loads this
 * config with Node, which cannot import the shared package's TypeScript. The preload journey fails if they differ.
 */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * One page's files that index.html does not already load, its scripts (modulepreload) and styles (preload), and the
 * request for its first data when its URL has no query.
 */
export interface PagePreload {
  /** A route path as the router reads it: `/account/:userId/:id`. */
  path: string;
  scripts: string[];
  styles: string[];
  fetches: string[];
}

/** What the build knows of one output chunk. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  moduleIds: readonly string[];
  /** Files this chunk imports statically (they load with it). */
  imports: readonly string[];
  css: readonly string[];
}

/**
 * The page routes with their full paths and the modules each loads first, in the order they are needed: a page's data
 * module before its page (the request for its data waits on it, and the browser fetches six files at a time), the
 * admin frame before an admin page.
 */
export function pageModules() {
  const pages = PAGE_ROUTES.map((r) => ({
    path: r.path,
    modules: r.data ? [r.data, r.page] : [r.page],
    fetches: r.firstData ? [r.firstData] : [],
  }));
  const admin = ADMIN_PAGE_ROUTES.map((r) => ({
    path: r.path ? `/admin/${r.path}` : '/admin',
    modules: [ADMIN_LAYOUT, r.page],
    fetches: [],
  }));
  return [...pages, ...admin];
}

/**
 * Each page's files: the chunks holding its modules and everything they import statically, less what the entry
 * loads anyway. A module missing from every chunk fails the build: the table names a file that is not there.
 */
export function pagePreloads(
  chunks: readonly BuiltChunk[],
  srcDir: string,
  pages: ReadonlyArray<{ path: string; modules: string[]; fetches: string[] }> = pageModules(),
): PagePreload[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: readonly BuiltChunk[]) => {
    const seen = new Set<BuiltChunk>();
    const visit = (chunk: BuiltChunk | undefined) => {
      if (!chunk || seen.has(chunk)) return;
      seen.add(chunk);
      chunk.imports.forEach((f) => visit(byFile.get(f)));
    };
    start.forEach(visit);
    return [...seen];
  };
  const loaded = closure(chunks.filter((c) => c.isEntry));
  const loadedFiles = new Set(loaded.flatMap((c) => [c.fileName, ...c.css]));
  const holding = (module: string) => {
    const id = path.resolve(srcDir, module);
    const chunk = chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`page-routes.ts names ${module}, which no chunk of the build holds`);
    return chunk;
  };
  return pages.map(({ path: routePath, modules, fetches }) => {
    const own = closure(modules.map(holding)).filter((c) => !loadedFiles.has(c.fileName));
    return {
      path: routePath,
      scripts: own.map((c) => c.fileName),
      styles: [...new Set(own.flatMap((c) => c.css))].filter((f) => !loadedFiles.has(f)),
      fetches,
    };
  });
}

/** Writes page-preloads.json with the build: the server names a page's files in its HTML (decision 229). */
export function pagePreloadsPlugin(srcDir: string): Plugin {
  return {
    name: 'accountry-page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          moduleIds: output.moduleIds,
          imports: output.imports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
        });
      }
      // The signed-in widgets' files and first data, named for a request with a session cookie, as one more page.
      const widgets = { path: '', modules: SIGNED_IN_WIDGETS, fetches: SIGNED_IN_FIRST_DATA };
      const [{ scripts, styles, fetches }] = pagePreloads(chunks, srcDir, [widgets]);
      const signedIn = { scripts, styles, fetches };
      const source = JSON.stringify({ pages: pagePreloads(chunks, srcDir), signedIn });
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source });
    },
  };
}
