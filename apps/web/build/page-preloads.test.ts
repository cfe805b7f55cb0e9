import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_WIDGETS } from '../src/app/page-routes';
import { pageModules, pagePreloads, type BuiltChunk } from './page-preloads';

const src = path.resolve('/app/src');
const chunk = (fileName: string, modules: string[], imports: string[] = [], css: string[] = [], isEntry = false) =>
  ({ fileName, isEntry, moduleIds: modules.map((m) => path.join(src, m)), imports, css }) satisfies BuiltChunk;

describe('page preloads written by the build', () => {
  const chunks = [
    chunk('assets/index.js', ['main.tsx', 'app/router.tsx'], ['assets/runtime.js'], ['assets/index.css'], true),
    chunk('assets/runtime.js', ['runtime.js']),
    chunk(
      'assets/browse-page.js',
      ['features/listings/pages/browse-page.tsx'],
      ['assets/grid.js', 'assets/runtime.js'],
    ),
    chunk('assets/grid.js', ['features/listings/components/grid.tsx'], ['assets/ui.js'], ['assets/grid.css']),
    chunk('assets/ui.js', ['ui.ts'], [], ['assets/index.css']),
    chunk('assets/browse-query.js', ['features/listings/api/browse-query.ts'], ['assets/ui.js']),
    chunk('assets/home-page.js', ['features/site/pages/home-page.tsx'], ['assets/grid.js']),
  ];

  it("lists each page's chunks and what they import, less what the entry loads, with their styles", () => {
    const pages = [
      {
        path: '/browse',
        modules: ['features/listings/api/browse-query.ts', 'features/listings/pages/browse-page.tsx'],
        fetches: ['/api/listings'],
      },
      { path: '/', modules: ['features/site/pages/home-page.tsx'], fetches: [] },
    ];
    expect(pagePreloads(chunks, src, pages)).toEqual([
      {
        path: '/browse',
        scripts: ['assets/browse-query.js', 'assets/ui.js', 'assets/browse-page.js', 'assets/grid.js'],
        styles: ['assets/grid.css'],
        fetches: ['/api/listings'],
      },
      {
        path: '/',
        scripts: ['assets/home-page.js', 'assets/grid.js', 'assets/ui.js'],
        styles: ['assets/grid.css'],
        fetches: [],
      },
    ]);
  });

  it('fails the build when the route table names a module no chunk holds', () => {
    expect(() =>
      pagePreloads(chunks, src, [{ path: '/gone', modules: ['features/gone/pages/gone-page.tsx'], fetches: [] }]),
    ).toThrow('page-routes.ts names features/gone/pages/gone-page.tsx, which no chunk of the build holds');
  });

  it('has a route for every page module and a module for every route, admin pages inside the admin frame', () => {
    const srcDir = path.resolve(import.meta.dirname, '../src');
    const named = new Set(pageModules().flatMap((p) => p.modules));
    for (const module of named) expect(fs.existsSync(path.join(srcDir, module)), module).toBe(true);
    const pageFiles = fs.readdirSync(path.join(srcDir, 'features')).flatMap((feature) => {
      const dir = path.join(srcDir, 'features', feature, 'pages');
      if (!fs.existsSync(dir)) return [];
      return fs.readdirSync(dir).flatMap((f) => (f.endsWith('-page.tsx') ? [`features/${feature}/pages/${f}`] : []));
    });
    expect(pageFiles.length).toBeGreaterThan(30);
    expect(pageFiles.filter((f) => !named.has(f))).toEqual([]);
    expect(pageModules().find((p) => p.path === '/browse')?.modules).toEqual([
      'features/listings/api/browse-query.ts',
      'features/listings/pages/browse-page.tsx',
    ]);
    const admin = pageModules().filter((p) => p.path === '/admin/users')[0];
    expect(admin.modules).toEqual([
      'features/admin/components/admin-layout.tsx',
      'features/admin/pages/admin-users-page.tsx',
    ]);
  });

  it('names the modules signed-in-widgets.tsx loads for someone signed in, each a file', () => {
    const srcDir = path.resolve(import.meta.dirname, '../src');
    const widgets = fs.readFileSync(path.join(srcDir, 'app/signed-in-widgets.tsx'), 'utf8');
    const imported = [...widgets.matchAll(/import\('([^']+)'\)/g)].map((m) =>
      path.relative(srcDir, path.resolve(srcDir, 'app', m[1])),
    );
    expect(imported).toHaveLength(4);
    expect(SIGNED_IN_WIDGETS.map((m) => m.replace(/\.tsx$/, '')).sort()).toEqual(imported.sort());
    for (const module of SIGNED_IN_WIDGETS) expect(fs.existsSync(path.join(srcDir, module)), module).toBe(true);
  });
});
