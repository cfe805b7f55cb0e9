/**
 * Every page of spec section 2 and the module that draws it, as data: the router builds its routes from this table
 * (router.tsx), and the build writes from it which files each page loads (page-preloads.ts), so the server names them
 * in the page's HTML before any script runs (decision 229). Modules are paths under src/.
 */
import type { Role } from '@accountry/shared/roles';

export interface PageRoute {
  path: string;
  /** A module under features/<feature>/pages/ whose `Component` draws the page. */
  page: string;
  /** Who may see it: absent for everyone, [] for any signed-in member. */
  roles?: readonly Role[];
  /** A module under features/<feature>/api/ whose `prefetchPage` asks for the page's first data beside its code. */
  data?: string;
  /** The request that module sends first when the page's URL has no query: index.html asks for it (decision 229). */
  firstData?: string;
}

const SIGNED_IN: Role[] = [];
const MEMBERS: Role[] = ['buyer', 'seller', 'both'];
const SELLERS: Role[] = ['seller', 'both'];

export const PAGE_ROUTES: PageRoute[] = [
  {
    path: '/',
    page: 'features/site/pages/home-page.tsx',
    data: 'features/site/api/home-query.ts',
    firstData: '/api/listings/home',
  },
  { path: '/about', page: 'features/site/pages/about-page.tsx' },
  { path: '/how-it-works', page: 'features/site/pages/how-it-works-page.tsx' },
  { path: '/privacy-policy', page: 'features/site/pages/privacy-policy-page.tsx' },
  { path: '/terms-of-service', page: 'features/site/pages/terms-of-service-page.tsx' },
  { path: '/rate-us', page: 'features/feedback/pages/rate-us-page.tsx' },
  {
    path: '/browse',
    page: 'features/listings/pages/browse-page.tsx',
    data: 'features/listings/api/browse-query.ts',
    firstData: '/api/listings',
  },
  { path: '/account/:userId/:id', page: 'features/listings/pages/listing-detail-page.tsx', roles: SIGNED_IN },
  { path: '/seller/:sellerId', page: 'features/sellers/pages/seller-profile-page.tsx', roles: SIGNED_IN },
  { path: '/favorites', page: 'features/favorites/pages/favorites-page.tsx', roles: MEMBERS },
  { path: '/saved-searches', page: 'features/listings/pages/saved-searches-page.tsx', roles: MEMBERS },
  { path: '/listing-management', page: 'features/listings/pages/listing-management-page.tsx', roles: SELLERS },
  { path: '/listing-management/new', page: 'features/listings/pages/listing-editor-page.tsx', roles: SELLERS },
  { path: '/listing-management/:id/edit', page: 'features/listings/pages/listing-editor-page.tsx', roles: SELLERS },
  { path: '/chat', page: 'features/chat/pages/chat-page.tsx', roles: SIGNED_IN },
  { path: '/signin', page: 'features/auth/pages/sign-in-page.tsx' },
  { path: '/signup', page: 'features/auth/pages/sign-up-page.tsx' },
  { path: '/reset-password', page: 'features/auth/pages/reset-password-page.tsx' },
  { path: '/verification-sent', page: 'features/auth/pages/verification-sent-page.tsx' },
  { path: '/confirm-email', page: 'features/auth/pages/confirm-email-page.tsx' },
  { path: '/undo-email-change', page: 'features/auth/pages/undo-email-change-page.tsx' },
  { path: '/unsubscribe', page: 'features/auth/pages/unsubscribe-page.tsx' },
  { path: '/profile', page: 'features/auth/pages/profile-page.tsx', roles: SIGNED_IN },
  { path: '/orders', page: 'features/orders/pages/orders-page.tsx', roles: SIGNED_IN },
  { path: '/offers', page: 'features/orders/pages/offers-page.tsx', roles: MEMBERS },
  { path: '/orders/:id', page: 'features/orders/pages/order-page.tsx', roles: SIGNED_IN },
  { path: '/wallet', page: 'features/orders/pages/wallet-page.tsx', roles: SIGNED_IN },
];

/**
 * What every page loads for someone signed in, besides its own files (signed-in-widgets.tsx): the HTML of a request
 * that carries a session cookie names them too, so the announcement banner's code and data arrive with the page's and
 * the banner takes its place before the page is drawn rather than pushing it down after (decision 232).
 */
export const SIGNED_IN_WIDGETS = [
  // First: the banner is the one that would move the page; the others only fill the header's places.
  'features/announcements/components/announcement-banner.tsx',
  'app/signed-in-services.tsx',
  'app/user-menu.tsx',
  'features/chat/components/chat-header-link.tsx',
];
/** The request a signed-in page sends first for the banner (my-announcements-query.ts), named in the same HTML. */
export const SIGNED_IN_FIRST_DATA = ['/api/announcements'];

/** The admin frame, loaded on the first admin visit so it never weighs on a public page's download. */
export const ADMIN_LAYOUT = 'features/admin/components/admin-layout.tsx';
/** Who may see the admin frame and every page inside it. */
export const ADMIN_ROLES: readonly Role[] = ['admin'];

/** The pages inside the admin frame (paths under /admin; '' for the dashboard); only admins reach them. */
export const ADMIN_PAGE_ROUTES: Array<Pick<PageRoute, 'path' | 'page'>> = [
  { path: '', page: 'features/admin/pages/admin-dashboard-page.tsx' },
  { path: 'users', page: 'features/admin/pages/admin-users-page.tsx' },
  { path: 'users/:userId', page: 'features/admin/pages/admin-user-page.tsx' },
  { path: 'listings', page: 'features/admin/pages/admin-listings-page.tsx' },
  { path: 'reports', page: 'features/admin/pages/admin-reports-page.tsx' },
  { path: 'reports/:reportId', page: 'features/admin/pages/admin-report-page.tsx' },
  { path: 'orders', page: 'features/admin/pages/admin-orders-page.tsx' },
  { path: 'orders/:orderId', page: 'features/admin/pages/admin-order-page.tsx' },
  { path: 'payouts', page: 'features/admin/pages/admin-payouts-page.tsx' },
  { path: 'audit', page: 'features/admin/pages/admin-audit-page.tsx' },
  { path: 'notifications', page: 'features/announcements/pages/admin-notifications-page.tsx' },
  { path: 'traffic', page: 'features/traffic/pages/traffic-page.tsx' },
];
