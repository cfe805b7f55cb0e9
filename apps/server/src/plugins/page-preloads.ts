import fs from 'node:fs';
import path from 'node:path';
import { pagePath } from '@accountry/shared/page-meta';

/** Written by the web build beside index.html (apps/web/build/page-preloads.ts, decision 229). */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * A route's path pattern, the link tags naming the files its page loads first, and those naming the request for its
 * first data, which the page sends only when its URL has no query.
 */
interface PageLinks {
  pattern: RegExp;
  tags: string;
  dataTags: string;
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

/** An API path without a query, as the build writes it. */
const API_PATH = /^\/api\/[\w/-]+$/;

const named = (value: unknown, form: RegExp) =>
  Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string' && form.test(f)) : [];

/** The files of a build's pages, and those every page loads for someone signed in. */
export interface PagePreloads {
  pages: PageLinks[];
  signedIn: { tags: string; dataTags: string };
}

const NO_TAGS = { tags: '', dataTags: '' };

type Files = { scripts?: unknown; styles?: unknown; fetches?: unknown } | null | undefined;

// `crossorigin` (same-origin credentials) is what the app's fetch sends: the browser then uses the preload.
const fetchTags = (files: Files) =>
  named(files?.fetches, API_PATH)
    .map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`)
    .join('');

const fileTags = (files: Files) =>
  [
    ...named(files?.scripts, ASSET).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...named(files?.styles, ASSET).map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
  ].join('');

/** The pages of a build, or none when the build wrote no list (an older build, or none yet). */
export function readPagePreloads(webDist: string): PagePreloads {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(webDist, PAGE_PRELOADS_FILE), 'utf8'));
  } catch {
    return { pages: [], signedIn: NO_TAGS };
  }
  const { pages, signedIn } = (parsed ?? {}) as { pages?: unknown; signedIn?: Files };
  return {
    pages: Array.isArray(pages) ? pages.flatMap(pageLinks) : [],
    signedIn: { tags: fileTags(signedIn), dataTags: fetchTags(signedIn) },
  };
}

function pageLinks(page: { path?: unknown; scripts?: unknown; styles?: unknown; fetches?: unknown }): PageLinks[] {
  if (typeof page?.path !== 'string' || !page.path.startsWith('/')) return [];
  const tags = fileTags(page);
  const dataTags = fetchTags(page);
  return tags || dataTags ? [{ pattern: routePattern(page.path), tags, dataTags }] : [];
}

/**
 * index.html naming the files of the page at `pathname` and, for a URL without a query, its first data request first,
 * so the browser asks for them beside the entry script instead of after it has run; for a request that carries a
 * session cookie, the signed-in widgets' first data after the page's and their files after the page's (decision 232).
 * Unchanged for a path no page has, asked for without a session.
 */
export function withPagePreloads(
  html: string,
  request: { pathname: string; hasQuery: boolean; signedIn: boolean },
  preloads: PagePreloads,
) {
  const { pathname, hasQuery, signedIn } = request;
  const route = pagePath(pathname);
  const page = preloads.pages.find((p) => p.pattern.test(route));
  const widgets = signedIn ? preloads.signedIn : NO_TAGS;
  const tags = `${(page && !hasQuery && page.dataTags) || ''}${widgets.dataTags}${page?.tags ?? ''}${widgets.tags}`;
  return tags ? html.replace('</head>', `${tags}</head>`) : html;
}
