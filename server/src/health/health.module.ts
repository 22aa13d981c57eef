import type { Database, Dialect } from '../db/database.ts';
import { HealthService } from './health.service.ts';

/** The health probe load balancers and the test harness call. */
export function createHealthModule(deps: { db: Database; dialect: Dialect }) {
  return { service: new HealthService(deps) };
}

export type HealthModule = ReturnType<typeof createHealthModule>;
