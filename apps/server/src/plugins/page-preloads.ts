import fs from 'node:fs';
import path from 'node:path';

/** Written by the web build beside index.html (apps/web/build/page-preloads.ts, decision 229). */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/** A route's path pattern and the link tags naming the files its page loads first. */
interface PageLinks {
  pattern: RegExp;
  tags: string;
}

/** A built file's name as the build writes it; anything else in the file is ignored rather than put in the HTML. */
const ASSET = /^assets\/[\w.-]+\.(js|css)$/;

/** `/account/:userId/:id` → a pattern matching one path segment per parameter. */
function routePattern(routePath: string) {
  const parts = routePath
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}$`);
}

const assets = (value: unknown) =>
  Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string' && ASSET.test(f)) : [];

/** The pages of a build, or none when the build wrote no list (an older build, or none yet). */
export function readPagePreloads(webDist: string): PageLinks[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(webDist, PAGE_PRELOADS_FILE), 'utf8'));
  } catch {
    return [];
  }
  const pages = (parsed as { pages?: unknown } | null)?.pages;
  if (!Array.isArray(pages)) return [];
  return pages.flatMap((page: { path?: unknown; scripts?: unknown; styles?: unknown }) => {
    if (typeof page?.path !== 'string' || !page.path.startsWith('/')) return [];
    const tags = [
      ...assets(page.scripts).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
      ...assets(page.styles).map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
    ];
    return tags.length ? [{ pattern: routePattern(page.path), tags: tags.join('') }] : [];
  });
}

/**
 * index.html naming the files of the page at `pathname`, so the browser fetches them beside the entry script instead
 * of after it has run; unchanged for a path no page has.
 */
export function withPagePreloads(html: string, pathname: string, pages: readonly PageLinks[]): string {
  const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = pages.find((p) => p.pattern.test(route));
  return page ? html.replace('</head>', `${page.tags}</head>`) : html;
}
