import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemo } from './seed/seed.ts';

const SHUTDOWN_GRACE_MS = 4_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // People read a terminal; log collectors read JSON lines. The prettifier is loaded only for a
  // terminal, so a production start does not pay for it.
  const logStream = process.stdout.isTTY
    ? (await import('pino-pretty')).default({
        colorize: true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname',
      })
    : undefined;
  const app = await buildApp(config, { logStream });
  for (const notice of config.startupNotices) app.log[notice.level](notice.message);
  if (config.seedDemo) {
    const seeded = await seedDemo(app, { withDemoAccounts: config.seedDemoAccounts });
    if (seeded) app.log.info('seeded the demo catalogue');
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Voltforge is open at ${config.publicUrl}`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests get a grace period; after it the process leaves regardless.
    const timer = setTimeout(() => {
      app.log.warn('shutdown grace period over; exiting');
      process.exit(0);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
