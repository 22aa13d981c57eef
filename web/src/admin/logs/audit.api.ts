import { call } from '../../api/call.ts';
import { adminEndpoints } from '../admin-endpoints.ts';
import type { ListQuery } from '../table/useAdminList.ts';

/** Query keys of the admin logs. */
export const auditKeys = {
  all: ['admin', 'audit-log'] as const,
};

/** One page of the audit log (GET admin/audit-log, logs.view). */
export function fetchAuditLog(query: ListQuery, signal: AbortSignal) {
  return call(adminEndpoints.listAuditLog, { query, signal });
}
