import { pageMeta, SITE_NAME } from '@accountry/shared/page-meta';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * index.html with the route's `<title>` and description, plus Open Graph tags on public pages, so a shared link
 * shows the right preview before any script runs. Pure: the caller holds the HTML (read once, kept in memory).
 */
export function withPageHead(indexHtml: string, pathname: string, publicUrl: string): string {
  const meta = pageMeta(pathname);
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  let html = indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${description}" />`);
  if (meta.isPublic) {
    const base = publicUrl.replace(/\/+$/, '');
    const tags = [
      ['og:type', 'website'],
      ['og:site_name', SITE_NAME],
      ['og:title', title],
      ['og:description', description],
      ['og:url', escapeHtml(base + pathname)],
      ['og:image', escapeHtml(`${base}/logo.png`)],
    ].map(([property, content]) => `<meta property="${property}" content="${content}" />`);
    tags.push('<meta name="twitter:card" content="summary" />');
    html = html.replace(/([ \t]*)<\/head>/, (_m, indent: string) =>
      [...tags.map((t) => `${indent}  ${t}`), `${indent}</head>`].join('\n'),
    );
  }
  return html;
}
