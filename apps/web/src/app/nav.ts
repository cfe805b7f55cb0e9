import type { Role } from '@accountry/shared/roles';

export interface NavItem {
  label: string;
  to: string;
  /** Shown only to signed-in users holding one of these roles ([] = any signed-in user). */
  roles?: Role[];
}

/** Header navigation; items without roles are public. */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Browse', to: '/browse' },
  { label: 'Favorites', to: '/favorites', roles: ['buyer', 'seller', 'both'] },
  { label: 'My listings', to: '/listing-management', roles: ['seller', 'both'] },
  { label: 'How it works', to: '/how-it-works' },
  { label: 'About', to: '/about' },
  { label: 'Admin', to: '/admin', roles: ['admin'] },
];

export const FOOTER_LINKS = [
  { label: 'About', to: '/about' },
  { label: 'How it works', to: '/how-it-works' },
  { label: 'Privacy policy', to: '/privacy-policy' },
  { label: 'Terms of service', to: '/terms-of-service' },
  { label: 'Rate us', to: '/rate-us' },
];
