import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemo } from './seed.ts';

const config = loadConfig();
const app = await buildApp(config, { logger: false });
const seeded = await seedDemo(app, { withDemoAccounts: config.seedDemoAccounts });
await app.close();
console.warn(seeded ? 'demo data seeded' : 'demo data was already seeded');
