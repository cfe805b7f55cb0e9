import { describe, expect, it } from 'vitest';
import { apiQuery, readParams } from '../features/listings/hooks/use-browse-params';
import { browseUrl } from '../features/listings/api/listings-api';
import { HOME_LISTINGS_URL } from '../components/listings/home-listings-query';
import { MY_ANNOUNCEMENTS_URL } from '../features/announcements/my-announcements-query';
import { PAGE_ROUTES, SIGNED_IN_FIRST_DATA } from './page-routes';

describe('the first data index.html asks for', () => {
  it('is the request /browse sends for its first results when its URL has no query', () => {
    const browse = PAGE_ROUTES.find((r) => r.path === '/browse');
    expect(browse?.firstData).toBe('/api/listings');
    expect(browseUrl(apiQuery(readParams(new URLSearchParams())), null)).toBe(browse?.firstData);
    // With a query the page asks for another request, which index.html does not name.
    expect(browseUrl(apiQuery(readParams(new URLSearchParams('q=steam'))), null)).toBe('/api/listings?q=steam');
  });

  it("is the home page's sections", () => {
    expect(PAGE_ROUTES.find((r) => r.path === '/')?.firstData).toBe(HOME_LISTINGS_URL);
    expect(HOME_LISTINGS_URL).toBe('/api/listings/home');
  });

  it("is the signed-in user's announcements on every page of someone signed in", () => {
    expect(SIGNED_IN_FIRST_DATA).toEqual([MY_ANNOUNCEMENTS_URL]);
    expect(MY_ANNOUNCEMENTS_URL).toBe('/api/announcements');
  });
});
