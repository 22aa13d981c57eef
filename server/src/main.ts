import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { createLogger } from './logging/logger.ts';
import { ensureAdmin, openRuntime } from './runtime.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ dataDir: config.dataDir, level: config.logLevel });
  const container = await openRuntime(config, logger);
  const generated = await ensureAdmin(container);
  const app = await buildApp(container);
  await app.listen({ port: config.port, host: config.host });
  // Trash purge and orphan sweep, hourly; safe with several processes (drive/maintenance.service.ts).
  container.services.drive.maintenance.start();
  // Expired uploads, their reservations, tus leftovers, missing SHA-256s (uploads/uploads.maintenance.ts).
  container.services.uploads.maintenance.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.appUrl ?? `http://localhost:${port}`;
  process.stdout.write(`\nKosh is running on ${url} (${container.dialect}, data in ${config.dataDir})\n`);
  if (generated) {
    process.stdout.write(
      `\nFirst start: an admin was created. Log in with\n  email:    ${generated.email}\n  password: ${generated.password}\nThis password is shown only once.\n\n`,
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await container.services.drive.maintenance.stop();
    await container.services.uploads.maintenance.stop();
    await app.close();
    await container.db.destroy();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
