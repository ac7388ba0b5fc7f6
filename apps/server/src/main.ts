import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';

/** Process entry: config → database (migrated) → app → listen; closes cleanly on SIGTERM and SIGINT. */
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

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    dispatchPoolSize: config.DATABASE_DISPATCH_POOL_SIZE,
  });
  await database.migrate();
  const app = await buildApp(config, { database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const where = database.driver === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL';
  app.log.info(`Prospector is running at ${config.PUBLIC_URL} (database: ${where})`);
  if (app.services.mailer.kind === 'log')
    app.log.warn('SMTP_URL is not set: login codes are printed in this log instead of being e-mailed.');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
