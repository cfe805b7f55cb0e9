import { describe, expect, it } from 'vitest';
import { hasRequiredRole, type Role } from './roles';
import { roleSchema, selfRoleSchema } from './role-schemas';

describe('hasRequiredRole (spec section 6)', () => {
  it.each<[Role | null, Role[] | undefined, boolean]>([
    ['buyer', undefined, true],
    ['buyer', [], true],
    ['buyer', ['seller', 'both'], false],
    ['seller', ['seller', 'both'], true],
    ['both', ['seller', 'both'], true],
    ['both', ['buyer', 'seller', 'both'], true],
    ['admin', ['seller', 'both'], true],
    ['admin', ['buyer'], true],
    ['seller', ['admin'], false],
    ['both', ['admin'], false],
    [null, ['buyer'], false],
  ])('%s against %j → %s', (role, required, expected) => {
    expect(hasRequiredRole(role, required)).toBe(expected);
  });
});

describe('role schemas', () => {
  it('accepts the four roles and nothing else', () => {
    for (const r of ['buyer', 'seller', 'both', 'admin']) expect(roleSchema.safeParse(r).success).toBe(true);
    expect(roleSchema.safeParse('owner').success).toBe(false);
  });
  it('never lets a person choose admin for themself', () => {
    expect(selfRoleSchema.safeParse('admin').success).toBe(false);
    expect(selfRoleSchema.safeParse('both').success).toBe(true);
  });
});
