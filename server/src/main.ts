import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { isLoopbackHost } from './http/base-url.ts';
import { createLogger } from './logging/logger.ts';
import { ensureAdmin, openRuntime } from './runtime.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger({ dataDir: config.dataDir, level: config.logLevel });
  const modules = await openRuntime(config, logger);
  const generated = await ensureAdmin(modules);
  const app = await buildApp(modules);
  // The notification listener, then the maintenance jobs (modules.ts lists them).
  await modules.lifecycle.start();
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.appUrl ?? `http://localhost:${port}`;
  process.stdout.write(`\nKosh is running on ${url} (${modules.dialect}, data in ${config.dataDir})\n`);
  if (!config.appUrl && !isLoopbackHost(config.host)) {
    process.stdout.write(
      `APP_URL is not set: links in mail point to ${url} for visitors who reach Kosh by another address.\n` +
        'Set APP_URL to the address people use (e.g. https://drive.example.com).\n',
    );
  }
  if (generated) {
    process.stdout.write(
      [
        '',
        'First start: an admin was created. Log in with',
        `  email:    ${generated.email}`,
        `  password: ${generated.password}`,
        'This password is shown only once.',
        '',
        '',
      ].join('\n'),
    );
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    // The server first (it ends open streams and waits for calls under way), then jobs, listeners, the database.
    await app.close();
    await modules.lifecycle.stop();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  const message =
    error instanceof ConfigError
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
