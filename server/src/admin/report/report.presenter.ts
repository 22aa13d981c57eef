import { REPORT_TOP, type ReportBreakdown, type ReportTopUser } from '@kosh/contracts';
import type { UserSummaryRow } from './report.repository.ts';

/** The top values by users (ties by name, unknown last), the rest summed as other. */
export function presentBreakdown(rows: Array<{ name: string | null; users: number }>): ReportBreakdown {
  const sorted = [...rows].sort(
    (a, b) =>
      b.users - a.users ||
      (a.name === null ? 1 : 0) - (b.name === null ? 1 : 0) ||
      (a.name ?? '').localeCompare(b.name ?? ''),
  );
  return {
    items: sorted.slice(0, REPORT_TOP),
    other: sorted.slice(REPORT_TOP).reduce((sum, r) => sum + r.users, 0),
  };
}

/** A top user as the table shows them; the name as users are presented (user.presenter.ts). */
export function presentTopUser(row: UserSummaryRow, bytes: number, files: number): ReportTopUser {
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email.split('@')[0];
  return { id: row.id, name, email: row.email, image: row.image, bytes, files };
}
