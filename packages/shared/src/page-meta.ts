/** Per-route document titles and, for public pages, the description shared links show (web app and server). */

export const SITE_NAME = 'Accountry';
export const HOME_TITLE = 'Accountry: the account marketplace';
export const SITE_DESCRIPTION =
  'Buy and sell game, platform and social-media accounts: search listings, compare sellers and their reviews, and ' +
  'talk to the seller before you buy.';

export interface PageMeta {
  /** The full `<title>`: "Browse accounts · Accountry". */
  title: string;
  description: string;
  /** Public pages get Open Graph tags so a shared link shows a title and description. */
  isPublic: boolean;
}

type Entry = { title: string; description?: string };

const PUBLIC_PAGES: Record<string, Entry> = {
  '/': { title: HOME_TITLE },
  '/browse': {
    title: 'Browse accounts',
    description: 'Search and filter game, social-media and streaming accounts for sale by price, platform and region.',
  },
  '/how-it-works': {
    title: 'How it works',
    description: 'How buying and selling an account on Accountry works, step by step.',
  },
  '/about': { title: 'About Accountry', description: 'Who runs Accountry and what the marketplace is for.' },
  '/privacy-policy': { title: 'Privacy policy', description: 'What Accountry stores about you and why.' },
  '/terms-of-service': { title: 'Terms of service', description: 'The rules for buying and selling on Accountry.' },
  '/rate-us': { title: 'Rate us', description: 'Tell us what works and what to improve on Accountry.' },
  '/signin': { title: 'Sign in' },
  '/signup': { title: 'Sign up', description: 'Create an Accountry account to buy or sell accounts.' },
  '/reset-password': { title: 'Reset your password' },
  '/verification-sent': { title: 'Check your inbox' },
  '/confirm-email': { title: 'Confirm your new email address' },
  '/undo-email-change': { title: 'Undo the change of your email address' },
};

/** Pages behind sign-in: a title only (their content is never in a shared preview). */
const PRIVATE_PAGES: Array<[RegExp, string]> = [
  [/^\/account\/[^/]+\/[^/]+$/, 'Listing'],
  [/^\/seller\/[^/]+$/, 'Seller'],
  [/^\/favorites$/, 'Favorites'],
  [/^\/saved-searches$/, 'Saved searches'],
  [/^\/listing-management$/, 'My listings'],
  [/^\/listing-management\/new$/, 'New listing'],
  [/^\/listing-management\/[^/]+\/edit$/, 'Edit listing'],
  [/^\/chat$/, 'Messages'],
  [/^\/profile$/, 'Your profile'],
  [/^\/orders$/, 'Orders'],
  [/^\/offers$/, 'Offers'],
  [/^\/orders\/[^/]+$/, 'Order'],
  [/^\/wallet$/, 'Wallet'],
  [/^\/admin$/, 'Admin dashboard'],
  [/^\/admin\/users$/, 'Users · Admin'],
  [/^\/admin\/users\/[^/]+$/, 'User · Admin'],
  [/^\/admin\/listings$/, 'Listings · Admin'],
  [/^\/admin\/reports$/, 'Reports · Admin'],
  [/^\/admin\/reports\/[^/]+$/, 'Report · Admin'],
  [/^\/admin\/orders$/, 'Orders · Admin'],
  [/^\/admin\/orders\/[^/]+$/, 'Order · Admin'],
  [/^\/admin\/payouts$/, 'Payouts · Admin'],
  [/^\/admin\/audit$/, 'Audit log · Admin'],
  [/^\/admin\/notifications$/, 'Announcements · Admin'],
  [/^\/admin\/traffic$/, 'Traffic · Admin'],
];

/** "Browse accounts" → "Browse accounts · Accountry"; the home title already names the site. */
export function documentTitle(title: string): string {
  return title === HOME_TITLE ? title : `${title} · ${SITE_NAME}`;
}

/**
 * The page a path names: the path without its trailing slashes ("/" stays). A loop, not `/\/+$/`: that regex tries
 * every slash of a run that does not end the path, and a request of 16,000 slashes and a letter held the server for
 * about a second.
 */
export function pagePath(pathname: string): string {
  let end = pathname.length;
  while (end > 1 && pathname.charCodeAt(end - 1) === 47) end--;
  return pathname.slice(0, end);
}

/** The title and description for a path (without query); unknown paths get the home page's. */
export function pageMeta(pathname: string): PageMeta {
  const path = pagePath(pathname);
  const page = PUBLIC_PAGES[path];
  if (page) {
    return { title: documentTitle(page.title), description: page.description ?? SITE_DESCRIPTION, isPublic: true };
  }
  const match = PRIVATE_PAGES.find(([pattern]) => pattern.test(path));
  if (match) return { title: documentTitle(match[1]), description: SITE_DESCRIPTION, isPublic: false };
  return { title: HOME_TITLE, description: SITE_DESCRIPTION, isPublic: false };
}
