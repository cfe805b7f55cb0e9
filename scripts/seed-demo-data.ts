// `npm run seed`: seed demo data into the configured database (once; a seeded database is left as it is).
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { systemClock } from '../apps/server/src/lib/clock';
import { demoCipher, seedDemoData } from '../apps/server/src/seed/seed-demo-data';

const config = loadConfig();
const handle = openDatabase(config.databaseUrl);
await migrateToLatest(handle.db);
const production = config.isProduction;
const seeded = await seedDemoData(handle.db, systemClock, demoCipher(config), (m) => console.log(m), { production });
console.log(seeded ? 'Demo data seeded.' : 'The database already holds demo data; nothing to do.');
await handle.close();
