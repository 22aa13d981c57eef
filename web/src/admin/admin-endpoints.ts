import { AuditLogPageSchema, AuditLogQuerySchema } from '@kosh/contracts';
import type { EndpointDefinition } from '@kosh/contracts/endpoints';

// Admin calls the shared endpoint table (contracts/src/endpoints.ts) does not list yet, declared the
// same way with the route's own schemas so `call` types them; they belong in that table.
export const adminEndpoints = {
  listAuditLog: {
    method: 'GET',
    path: 'admin/audit-log',
    query: AuditLogQuerySchema,
    response: AuditLogPageSchema,
  },
} as const satisfies Record<string, EndpointDefinition>;
