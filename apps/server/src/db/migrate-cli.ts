import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

const config = loadConfig();
const database = await openDatabase(config.database);
await migrateDatabase(database);
await database.close();
console.warn('migrations applied');
