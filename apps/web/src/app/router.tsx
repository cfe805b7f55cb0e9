import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import type { Role } from '@accountry/shared/roles';
import { RequireAuth } from '../features/auth/components/require-auth';
import { PageSpinner } from '../components/ui/page-spinner';
import { AppLayout } from './layout';
import { AdminLayout } from '../features/admin/components/admin-layout';

type PageModule = { Component: ComponentType };

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

/** A page inside the admin frame (path relative to /admin; '' for the dashboard). */
export function adminPage(path: string, load: () => Promise<PageModule>): RouteObject {
  const route = page(path, load);
  return path === '' ? { index: true, lazy: route.lazy } : route;
}

const SIGNED_IN: Role[] = [];
const MEMBERS: Role[] = ['buyer', 'seller', 'both'];
const SELLERS: Role[] = ['seller', 'both'];
const ADMIN: Role[] = ['admin'];

/** Every route of spec section 2. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      page('/', () => import('../features/site/pages/home-page')),
      page('/about', () => import('../features/site/pages/about-page')),
      page('/how-it-works', () => import('../features/site/pages/how-it-works-page')),
      page('/privacy-policy', () => import('../features/site/pages/privacy-policy-page')),
      page('/terms-of-service', () => import('../features/site/pages/terms-of-service-page')),
      page('/rate-us', () => import('../features/feedback/pages/rate-us-page')),
      page('/browse', () => import('../features/listings/pages/browse-page')),
      {
        // Only admin reaches /admin/*; each admin page is a child route here.
        path: '/admin',
        element: (
          <RequireAuth roles={ADMIN}>
            <AdminLayout />
          </RequireAuth>
        ),
        children: [],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

// Role lists used by the feature routes added above; kept here so every guard reads the same way.
export const ROUTE_ROLES = { SIGNED_IN, MEMBERS, SELLERS, ADMIN };

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
