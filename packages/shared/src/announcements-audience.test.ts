import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles';
import { TARGET_ROLES, type TargetUsers } from './announcements';
import { matchesAudience, rolesReachedBy, targetRolesFor } from './announcements-audience';
import { bannerCounter, indexAfterDismiss, indexAfterRefresh } from './announcements-banner';

const user = (role: Role, id = 'me') => ({ id, role });

describe('matchesAudience (spec section 5)', () => {
  it.each<[TargetUsers, Role, boolean]>([
    ['all', 'buyer', true],
    ['all', 'seller', true],
    ['all', 'both', true],
    ['all', 'admin', true],
    ['buyer', 'buyer', true],
    ['buyer', 'seller', false],
    ['buyer', 'both', false],
    ['buyer', 'admin', false],
    ['seller', 'seller', true],
    ['seller', 'buyer', false],
    ['seller', 'both', false],
    ['seller', 'admin', false],
    ['both', 'buyer', true],
    ['both', 'seller', true],
    ['both', 'both', true],
    ['both', 'admin', false],
    ['admin', 'admin', true],
    ['admin', 'buyer', false],
    ['admin', 'seller', false],
    ['admin', 'both', false],
    [['someone', 'me'], 'buyer', true],
    [['me'], 'admin', true],
    [['someone'], 'buyer', false],
    [['someone'], 'admin', false],
  ])('%j reaches a %s: %s', (target, role, expected) => {
    expect(matchesAudience(target, user(role))).toBe(expected);
  });

  it('gives the database filter the same answer as the rule', () => {
    for (const role of ROLES) {
      for (const target of TARGET_ROLES) {
        expect(targetRolesFor(role).includes(target)).toBe(matchesAudience(target, user(role)));
        expect(rolesReachedBy(target).includes(role)).toBe(matchesAudience(target, user(role)));
      }
    }
  });

  it.each<[(typeof TARGET_ROLES)[number], Role[]]>([
    ['all', ['buyer', 'seller', 'both', 'admin']],
    ['both', ['buyer', 'seller', 'both']],
    ['seller', ['seller']],
    ['admin', ['admin']],
  ])('%s reaches the roles %j', (target, roles) => {
    expect(rolesReachedBy(target)).toEqual(roles);
  });
});

describe('banner navigation (spec section 2)', () => {
  it.each<[number, number, number | null]>([
    [0, 2, 0], // first of three dismissed: the next one takes its place
    [1, 2, 1], // middle of three: the next one
    [2, 2, 1], // last of three: the previous one
    [0, 0, null], // the only one: the banner hides
  ])('dismissing index %i leaving %i shows %s', (index, remaining, expected) => {
    expect(indexAfterDismiss(index, remaining)).toBe(expected);
  });

  it('counts from one', () => {
    expect(bannerCounter(0, 3)).toBe('1 of 3');
    expect(bannerCounter(2, 3)).toBe('3 of 3');
  });

  it.each<[string | null, number, string[], number]>([
    ['b', 0, ['new', 'a', 'b'], 2],
    ['gone', 2, ['a', 'b'], 1],
    [null, 0, ['a'], 0],
    ['a', 0, [], 0],
  ])('after a refresh, showing %s at %i among %j moves to %i', (id, index, ids, expected) => {
    expect(indexAfterRefresh(id, index, ids)).toBe(expected);
  });
});
