import { randomBytes } from 'node:crypto';
import { openE2eDb } from './db';

const id = () => randomBytes(16).toString('base64url');

/** `count` verified buyers named "<prefix> 0001"… that cannot sign in, for admin lists that page many times. */
export function insertManyUsers(prefix: string, count: number) {
  const db = openE2eDb();
  const insert = db.prepare(
    `insert into users (id, email, password_hash, display_name, phone_number, role, created_at, last_active, profile_complete, email_verified, disabled)
     values (?, ?, ?, ?, '', 'buyer', ?, ?, 1, 1, 0)`,
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = 1; i <= count; i++) {
      const n = String(i).padStart(4, '0');
      insert.run(
        id(),
        `many-${randomBytes(5).toString('hex')}@journey.test`,
        'no-password',
        `${prefix} ${n}`,
        now - i * 1000,
        now,
      );
    }
  })();
  db.close();
}
