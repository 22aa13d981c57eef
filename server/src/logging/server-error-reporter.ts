import { type BaseTransportOptions, createStackParser, createTransport, Scope, type Transport } from '@sentry/core';
import { nodeStackLineParser, ServerRuntimeClient } from '@sentry/core/server';
import type { Logger } from 'pino';
import type { SettingsReader } from '../settings/settings.service.ts';

/** Sends the SDK's envelopes with fetch (the DSN's own address; nothing else is contacted). */
function fetchTransport(options: BaseTransportOptions): Transport {
  return createTransport(options, async (request) => {
    const response = await fetch(options.url, {
      method: 'POST',
      body: request.body as string | Uint8Array<ArrayBuffer>,
      signal: AbortSignal.timeout(10_000),
    });
    return {
      statusCode: response.status,
      headers: {
        'x-sentry-rate-limits': response.headers.get('x-sentry-rate-limits'),
        'retry-after': response.headers.get('retry-after'),
      },
    };
  });
}

/**
 * The server's unexpected errors sent to a Sentry-compatible service, through the SDK's core
 * client, while the logging tab names a server DSN (SENTRY_DSN wins). `sync` follows a changed
 * DSN in this process without a restart.
 */
export class ServerErrorReporter {
  private readonly settings: SettingsReader;
  private readonly logger: Logger;
  private current: { dsn: string; client: ServerRuntimeClient } | undefined;
  constructor(deps: { settings: SettingsReader; logger: Logger }) {
    this.settings = deps.settings;
    this.logger = deps.logger;
  }

  /** Starts, changes or stops reporting as the setting says now. */
  async sync(): Promise<void> {
    const dsn = ((await this.settings.get<string>('error_reporting.server_dsn')) ?? '').trim();
    if (dsn === (this.current?.dsn ?? '')) return;
    const previous = this.current?.client;
    this.current = dsn ? { dsn, client: this.createClient(dsn) } : undefined;
    await previous?.close(2000);
  }

  /** Reports an error no handler expected (an answer 500). */
  report(error: unknown, context: { method: string; url: string }): void {
    if (!this.current) return;
    const scope = new Scope();
    scope.setContext('request', context);
    this.current.client.captureException(error, undefined, scope);
  }

  /** Sends what is queued (before the process stops, or in tests). */
  async flush(timeoutMs = 2000): Promise<boolean> {
    return (await this.current?.client.flush(timeoutMs)) ?? true;
  }

  async close(): Promise<void> {
    await this.current?.client.close(2000);
    this.current = undefined;
  }

  private createClient(dsn: string): ServerRuntimeClient {
    const client = new ServerRuntimeClient({
      dsn,
      transport: fetchTransport,
      stackParser: createStackParser(nodeStackLineParser()),
      integrations: [],
      platform: 'node',
      runtime: { name: 'node', version: process.version },
      sendDefaultPii: false,
    });
    client.init();
    this.logger.info({ host: URL.parse(dsn)?.host }, 'server errors are reported');
    return client;
  }
}
