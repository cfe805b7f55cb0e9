import { emailSchema, newPasswordSchema } from '@accountry/shared/account-rules';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { hashPassword } from '../../lib/password';

export class FirstAdminError extends Error {}

/** Whether any account (not deleted) holds the admin role. */
export async function adminExists(db: Database): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('users.id')
    .leftJoin('deletedUsers', 'deletedUsers.uid', 'users.id')
    .where('users.role', '=', 'admin')
    .where('users.disabled', '=', false)
    .where((eb) => eb.or([eb('deletedUsers.uid', 'is', null), eb('deletedUsers.status', '!=', 'unresolved')]))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * `npm run create-admin`: make an account an admin. A new address becomes a verified admin with the password;
 * an existing account is promoted (its password is left alone).
 */
export async function createAdmin(db: Database, clock: Clock, input: { email: string; password?: string }) {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new FirstAdminError(email.error.issues[0]?.message ?? 'Invalid email address');
  const existing = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('email', '=', email.data)
    .executeTakeFirst();
  if (existing) {
    await db.updateTable('users').set({ role: 'admin', disabled: false }).where('id', '=', existing.id).execute();
    return { id: existing.id, email: email.data, created: false };
  }
  const password = newPasswordSchema.safeParse(input.password ?? '');
  if (!password.success) throw new FirstAdminError(password.error.issues.map((i) => i.message).join(' '));
  const now = clock.now();
  const id = newId();
  await db
    .insertInto('users')
    .values({
      id,
      email: email.data,
      passwordHash: await hashPassword(password.data),
      displayName: 'Administrator',
      phoneNumber: '',
      role: 'admin',
      createdAt: now,
      lastActive: now,
      profileComplete: true,
      emailVerified: true,
      disabled: false,
    })
    .execute();
  return { id, email: email.data, created: true };
}
