import { describe, expect, it } from 'vitest';
import { safeReturnTo, signInPathFor } from './return-to';

describe('safeReturnTo', () => {
  it.each([
    ['/profile', '/profile'],
    ['/account/u1/l2?tab=details#photos', '/account/u1/l2?tab=details#photos'],
    ['/browse?q=a%20b&page=2', '/browse?q=a%20b&page=2'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('keeps the site path %j', (input, out) => {
    expect(safeReturnTo(input)).toBe(out);
  });

  it.each([
    ['nothing', null],
    ['empty', ''],
    ['absolute URL', 'https://evil.example/profile'],
    ['scheme', 'javascript:alert(1)'],
    ['protocol-relative', '//evil.example'],
    ['backslash trick', '/\\evil.example'],
    ['tab trick', '/\t/evil.example'],
    ['newline', '/profile\n'],
    ['relative without slash', 'profile'],
    ['the sign-in page itself', '/signin?returnTo=%2Fprofile'],
    ['the sign-up page', '/signup'],
    ['absurdly long', `/${'a'.repeat(2001)}`],
  ])('refuses %s', (_name, input) => {
    expect(safeReturnTo(input)).toBe('/');
    expect(safeReturnTo(input, '/browse')).toBe('/browse');
  });

  it('builds the guard redirect with the path and query encoded', () => {
    expect(signInPathFor('/account/u1/l2?tab=a&b=c')).toBe('/signin?returnTo=%2Faccount%2Fu1%2Fl2%3Ftab%3Da%26b%3Dc');
    expect(safeReturnTo(decodeURIComponent(signInPathFor('/profile?x=1').split('returnTo=')[1]))).toBe('/profile?x=1');
  });
});
