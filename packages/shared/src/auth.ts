import { z } from 'zod';
import { ROLES } from './roles';

/** The signed-in user as the API returns it (never the password hash). */
export const sessionUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  phoneNumber: z.string(),
  role: z.enum(ROLES),
  createdAt: z.number(),
  lastActive: z.number(),
  profileComplete: z.boolean(),
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meResponseSchema = z.object({
  user: sessionUserSchema.nullable(),
  /** Inactivity timeout that applies to this session, so the browser can sign out on time. */
  timeoutMs: z.number().nullable(),
  remember: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
