import { eq } from 'drizzle-orm';
import { emailSchema } from '@voltforge/contract/user';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { user } from '../db/schema/auth.ts';

// Usage: npm run user:make-admin -- someone@example.com
const parsed = emailSchema.safeParse(process.argv[2] ?? '');
if (!parsed.success) {
  console.error(`Usage: npm run user:make-admin -- EMAIL (${parsed.error.issues[0]?.message})`);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config.database);
await migrateDatabase(database);
const updated = await database.db
  .update(user)
  .set({ role: 'admin' })
  .where(eq(user.email, parsed.data))
  .returning({ email: user.email });
await database.close();
if (updated.length === 0) {
  console.error(`No account with the email ${parsed.data}. The person must register first.`);
  process.exit(1);
}
console.warn(`${parsed.data} is now an admin.`);
