import { createBrowserRouter, Navigate, RouterProvider, type RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Role } from '@accountry/shared/roles';
import { RequireAuth } from '../features/auth/components/require-auth';
import { AppLayout } from './layout';
import { FramePlaceholder } from './frame-placeholder';
import { queryClient } from './providers';

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

type Prefetch = (client: QueryClient, url: URL) => void;

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
): RouteObject {
  return {
    ...page(path, load),
    loader: async ({ request }) => {
      (await loadPrefetch())(queryClient, new URL(request.url));
      return null;
    },
    shouldRevalidate: () => false,
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
    hydrateFallbackElement: <FramePlaceholder />,
    children: [
      page('/', () => import('../features/site/pages/home-page')),
      page('/about', () => import('../features/site/pages/about-page')),
      page('/how-it-works', () => import('../features/site/pages/how-it-works-page')),
      page('/privacy-policy', () => import('../features/site/pages/privacy-policy-page')),
      page('/terms-of-service', () => import('../features/site/pages/terms-of-service-page')),
      page('/rate-us', () => import('../features/feedback/pages/rate-us-page')),
      pageWithData(
        '/browse',
        () => import('../features/listings/pages/browse-page'),
        async () => (await import('../features/listings/api/browse-query')).prefetchBrowse,
      ),
      page('/account/:userId/:id', () => import('../features/listings/pages/listing-detail-page'), SIGNED_IN),
      page('/seller/:sellerId', () => import('../features/sellers/pages/seller-profile-page'), SIGNED_IN),
      page('/favorites', () => import('../features/favorites/pages/favorites-page'), MEMBERS),
      page('/saved-searches', () => import('../features/listings/pages/saved-searches-page'), MEMBERS),
      page('/listing-management', () => import('../features/listings/pages/listing-management-page'), SELLERS),
      page('/listing-management/new', () => import('../features/listings/pages/listing-editor-page'), SELLERS),
      page('/listing-management/:id/edit', () => import('../features/listings/pages/listing-editor-page'), SELLERS),
      page('/chat', () => import('../features/chat/pages/chat-page'), SIGNED_IN),
      page('/signin', () => import('../features/auth/pages/sign-in-page')),
      page('/signup', () => import('../features/auth/pages/sign-up-page')),
      page('/reset-password', () => import('../features/auth/pages/reset-password-page')),
      page('/verification-sent', () => import('../features/auth/pages/verification-sent-page')),
      page('/confirm-email', () => import('../features/auth/pages/confirm-email-page')),
      page('/undo-email-change', () => import('../features/auth/pages/undo-email-change-page')),
      page('/unsubscribe', () => import('../features/auth/pages/unsubscribe-page')),
      page('/profile', () => import('../features/auth/pages/profile-page'), SIGNED_IN),
      page('/orders', () => import('../features/orders/pages/orders-page'), SIGNED_IN),
      page('/offers', () => import('../features/orders/pages/offers-page'), MEMBERS),
      page('/orders/:id', () => import('../features/orders/pages/order-page'), SIGNED_IN),
      page('/wallet', () => import('../features/orders/pages/wallet-page'), SIGNED_IN),
      {
        // Only admin reaches /admin/*; each admin page is a child route here.
        path: '/admin',
        // Loaded on the first admin visit, so the admin frame never weighs on a public page's download.
        lazy: async () => {
          const { AdminLayout } = await import('../features/admin/components/admin-layout');
          return {
            Component: () => (
              <RequireAuth roles={ADMIN}>
                <AdminLayout />
              </RequireAuth>
            ),
          };
        },
        children: [
          adminPage('', () => import('../features/admin/pages/admin-dashboard-page')),
          adminPage('users', () => import('../features/admin/pages/admin-users-page')),
          adminPage('users/:userId', () => import('../features/admin/pages/admin-user-page')),
          adminPage('listings', () => import('../features/admin/pages/admin-listings-page')),
          adminPage('reports', () => import('../features/admin/pages/admin-reports-page')),
          adminPage('reports/:reportId', () => import('../features/admin/pages/admin-report-page')),
          adminPage('orders', () => import('../features/admin/pages/admin-orders-page')),
          adminPage('orders/:orderId', () => import('../features/admin/pages/admin-order-page')),
          adminPage('payouts', () => import('../features/admin/pages/admin-payouts-page')),
          adminPage('audit', () => import('../features/admin/pages/admin-audit-page')),
          adminPage('notifications', () => import('../features/announcements/pages/admin-notifications-page')),
          adminPage('traffic', () => import('../features/traffic/pages/traffic-page')),
        ],
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
