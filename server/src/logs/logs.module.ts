import type { Config } from '../config.ts';
import { LogsService } from './logs.service.ts';

/** The error logs under DATA_DIR/logs, for administrators. */
export function createLogsModule(deps: { config: Pick<Config, 'dataDir'> }) {
  return { service: new LogsService(deps.config.dataDir) };
}

export type LogsModule = ReturnType<typeof createLogsModule>;
