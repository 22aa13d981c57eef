import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminReport, GetAdminReportQuery } from '@kosh/contracts/admin-report';
import { adminReportKey } from '@kosh/contracts/constants';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from './call.ts';

/** Query keys of the admin report (STYLE.md "Web": a key factory per area). */
export const adminReportKeys = {
  all: ['admin-report'] as const,
  report: (query: GetAdminReportQuery) => adminReportKey(query),
};

/**
 * The report of a period (GET admin/report). The page shows its own error state, so a failure raises
 * no toast; while another range loads, the figures of the last one stay on screen.
 */
export function useAdminReport(query: GetAdminReportQuery) {
  return useQuery<AdminReport>({
    queryKey: adminReportKeys.report(query),
    queryFn: ({ signal }) => call(endpoints.getAdminReport, { query, signal }).then((r) => r.report),
    placeholderData: keepPreviousData,
    meta: { handledStatuses: 'all' },
  });
}
