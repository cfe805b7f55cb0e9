import { z } from 'zod';
import { ROLES, SELF_ROLES } from './roles';

export const roleSchema = z.enum(ROLES, { error: 'Role must be one of: buyer, seller, both, admin' });
export const selfRoleSchema = z.enum(SELF_ROLES, { error: 'Role must be one of: buyer, seller, both' });
