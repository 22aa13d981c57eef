import { sql } from 'kysely';
import type { Database, Dialect } from '../db/database.ts';

export type HealthReport = { status: 'ok'; database: Dialect };

/** Liveness: the process answers and reaches its database. */
export class HealthService {
  private readonly db: Database;
  private readonly dialect: Dialect;
  constructor(deps: { db: Database; dialect: Dialect }) {
    this.db = deps.db;
    this.dialect = deps.dialect;
  }

  /** The report, or undefined when the database does not answer. */
  async check(): Promise<HealthReport | undefined> {
    try {
      await sql`select 1`.execute(this.db);
      return { status: 'ok', database: this.dialect };
    } catch {
      return undefined;
    }
  }
}
