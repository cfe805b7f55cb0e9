// Zod-free, so every page can check roles without downloading zod; the schemas are in role-schemas.ts.
export const ROLES = ['buyer', 'seller', 'both', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a person may choose for themself (sign-up, profile); admin is granted only by an admin. */
export const SELF_ROLES = ['buyer', 'seller', 'both'] as const;
export type SelfRole = (typeof SELF_ROLES)[number];

/** Spec section 6: admin passes every role check; otherwise the role must be listed. */
export function hasRequiredRole(role: Role | null | undefined, required: readonly Role[] | undefined): boolean {
  if (!required || required.length === 0) return true;
  if (!role) return false;
  return role === 'admin' || required.includes(role);
}

export const canSell = (role: Role) => hasRequiredRole(role, ['seller', 'both']);
export const canBuy = (role: Role) => hasRequiredRole(role, ['buyer', 'seller', 'both']);
