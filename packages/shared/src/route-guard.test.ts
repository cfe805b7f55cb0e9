import { describe, expect, it } from 'vitest';
import { guardRoute } from './route-guard';
import type { Role } from './roles';

const SIGNED_IN: Role[] = [];
const MEMBERS: Role[] = ['buyer', 'seller', 'both'];
const SELLERS: Role[] = ['seller', 'both'];
const ADMIN: Role[] = ['admin'];
const u = (role: Role, emailVerified = true) => ({ role, emailVerified });

describe('route guard (spec section 6)', () => {
  it.each([
    [
      'signed out → sign-in with the path and query',
      null,
      SIGNED_IN,
      '/profile?tab=a&b=1',
      '/signin?returnTo=%2Fprofile%3Ftab%3Da%26b%3D1',
    ],
    ['signed out from an admin page', null, ADMIN, '/admin/users', '/signin?returnTo=%2Fadmin%2Fusers'],
    ['unverified email → verification-sent', u('buyer', false), SIGNED_IN, '/profile', '/verification-sent'],
    ['unverified admin too', u('admin', false), ADMIN, '/admin', '/verification-sent'],
    ['buyer on listing management → home', u('buyer'), SELLERS, '/listing-management', '/'],
    ['seller on the admin area → home', u('seller'), ADMIN, '/admin', '/'],
    ['both on the admin area → home', u('both'), ADMIN, '/admin/traffic', '/'],
  ])('%s', (_name, user, roles, path, redirectTo) => {
    expect(guardRoute(user, roles, path)).toEqual({ allow: false, redirectTo });
  });

  it.each([
    ['any signed-in user on /profile', u('buyer'), SIGNED_IN],
    ['buyer on favorites', u('buyer'), MEMBERS],
    ['seller on favorites', u('seller'), MEMBERS],
    ['both on listing management', u('both'), SELLERS],
    ['seller on listing management', u('seller'), SELLERS],
    ['admin on favorites (passes every role check)', u('admin'), MEMBERS],
    ['admin on listing management', u('admin'), SELLERS],
    ['admin on the admin area', u('admin'), ADMIN],
    ['no requirement at all', u('buyer'), undefined],
  ])('lets through: %s', (_name, user, roles) => {
    expect(guardRoute(user, roles, '/x')).toEqual({ allow: true });
  });
});
