import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@accountry/shared/roles';
import { RequireAuth } from '../features/auth/components/require-auth';
import { AppLayout } from './layout';
import { FramePlaceholder } from './frame-placeholder';
import { queryClient } from './providers';
import { ADMIN_LAYOUT, ADMIN_PAGE_ROUTES, ADMIN_ROLES, PAGE_ROUTES, type PageRoute } from './page-routes';

type PageModule = { Component: ComponentType };
type Prefetch = (client: QueryClient, url: URL) => void;

// Every page module and the few first-data modules, each loaded on the first visit of its page (page-routes.ts).
const pageModules = import.meta.glob<PageModule>('../features/*/pages/*-page.tsx');
const dataModules = import.meta.glob<Prefetch>('../features/*/api/*-query.ts', { import: 'prefetchPage' });

function loadOf<T>(modules: Record<string, () => Promise<T>>, module: string): () => Promise<T> {
  const load = modules[`../${module}`];
  if (!load) throw new Error(`page-routes.ts names ${module}, which is not a module the router loads`);
  return load;
}

/** A lazily loaded page, behind the route guard when roles (or [] for any signed-in user) are given. */
function page(path: string, load: () => Promise<PageModule>, guard?: readonly Role[]): RouteObject {
  return {
    path,
    lazy: async () => {
      const { Component } = await load();
      if (!guard) return { Component };
      return {
        Component: () => (
          <RequireAuth roles={guard}>
            <Component />
          </RequireAuth>
        ),
      };
    },
  };
}

/**
 * A public page whose first data is asked for as its code starts to load: React Router runs a route's own loader
 * beside its lazy code, so the data arrives with the code rather than after the page's first render (the prefetch is
 * loaded with the page's code, not with the entry). The page's own queries then take over: a change of its URL's
 * search does not run the loader again, nor show the route as loading.
 */
function pageWithData(
  path: string,
  load: () => Promise<PageModule>,
  loadPrefetch: () => Promise<Prefetch>,
  guard?: readonly Role[],
): RouteObject {
  return {
    ...page(path, load, guard),
    loader: async ({ request }) => {
      (await loadPrefetch())(queryClient, new URL(request.url));
      return null;
    },
    shouldRevalidate: () => false,
  };
}

function routeOf({ path, page: module, roles, data }: PageRoute): RouteObject {
  const load = loadOf(pageModules, module);
  return data ? pageWithData(path, load, loadOf(dataModules, data), roles) : page(path, load, roles);
}

/** A page inside the admin frame (path relative to /admin; '' for the dashboard). */
function adminPage({ path, page: module }: Pick<PageRoute, 'path' | 'page'>): RouteObject {
  const route = page(path, loadOf(pageModules, module));
  return path === '' ? { index: true, lazy: route.lazy } : route;
}

const layoutModules = import.meta.glob<{ AdminLayout: ComponentType }>('../features/admin/components/admin-layout.tsx');
const adminLayout = loadOf(layoutModules, ADMIN_LAYOUT);

/** Every route of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    hydrateFallbackElement: <FramePlaceholder />,
    children: [
      ...PAGE_ROUTES.map(routeOf),
      {
        // Only admin reaches /admin/*; each admin page is a child route here.
        path: '/admin',
        lazy: async () => {
          const { AdminLayout } = await adminLayout();
          return {
            Component: () => (
              <RequireAuth roles={ADMIN_ROLES}>
                <AdminLayout />
              </RequireAuth>
            ),
          };
        },
        children: ADMIN_PAGE_ROUTES.map(adminPage),
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
