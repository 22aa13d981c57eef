import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { AuditRepository } from './audit/audit.repository.ts';
import { AuditService } from './audit/audit.service.ts';

/** The admin area's shared parts: the audit log every staff change writes to. */
export function createAdminModule(deps: { db: Database; clock?: Clock }) {
  const auditRepo = new AuditRepository(deps.db);
  return {
    repos: { audit: auditRepo },
    audit: new AuditService({ repo: auditRepo, clock: deps.clock }),
  };
}

export type AdminModule = ReturnType<typeof createAdminModule>;
