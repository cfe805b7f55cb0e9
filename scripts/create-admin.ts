// `npm run create-admin -- --email you@example.com`: create the first admin (or promote an existing account).
// The password comes from ADMIN_PASSWORD, or is asked for on the terminal without echo.
import { parseArgs } from 'node:util';
import { loadConfig, loadCreateAdminConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { systemClock } from '../apps/server/src/lib/clock';
import { createAdmin, FirstAdminError } from '../apps/server/src/features/admin/first-admin.service';
import { promptHidden } from './prompt-hidden';

const { values } = parseArgs({ options: { email: { type: 'string' } } });
if (!values.email) {
  console.error('Usage: npm run create-admin -- --email you@example.com   (password: ADMIN_PASSWORD or prompted)');
  process.exit(2);
}
const config = loadConfig();
const { adminPassword } = loadCreateAdminConfig();
const handle = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(handle.db);
  const exists = await handle.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', values.email.trim().toLowerCase());
  const known = !!(await exists.executeTakeFirst());
  const password = known ? undefined : (adminPassword ?? (await promptHidden('Password for the admin: ')));
  const result = await createAdmin(handle.db, systemClock, { email: values.email, password });
  console.log(result.created ? `Admin ${result.email} created.` : `${result.email} is now an admin.`);
} catch (err) {
  if (!(err instanceof FirstAdminError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
