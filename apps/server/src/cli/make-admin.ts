import { emailSchema } from '@voltforge/contract/user';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { restoreAdmin } from '../modules/users/users-admin.service.ts';

// Usage: npm run user:make-admin -- someone@example.com
const parsed = emailSchema.safeParse(process.argv[2] ?? '');
if (!parsed.success) {
  console.error(`Usage: npm run user:make-admin -- EMAIL (${parsed.error.issues[0]?.message})`);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config.database);
await migrateDatabase(database);
const restored = await restoreAdmin(database.db, parsed.data);
await database.close();
if (!restored) {
  console.error(`No account with the email ${parsed.data}. The person must register first.`);
  process.exit(1);
}
console.warn(`${parsed.data} is now an admin who can sign in (enabled, if it was disabled).`);
