import { useMemo, useState } from 'react';
import { ScrollText } from 'lucide-react';
import { AUDIT_SORTABLE, type AuditEntry } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { DataTable, type TableColumn } from '../table/DataTable.tsx';
import { useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { AUDIT_FILTERS, auditActionLabel } from './audit-actions.ts';
import { auditKeys, fetchAuditLog } from './audit.api.ts';
import { AuditDetailDialog } from './AuditDetailDialog.tsx';
import { LogTabs } from './LogTabs.tsx';

const CONFIG = { filters: AUDIT_FILTERS, sortable: AUDIT_SORTABLE };

function useColumns(): TableColumn<AuditEntry>[] {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  return useMemo(
    () => [
      {
        id: 'time',
        header: 'Time',
        sortKey: 'created_at',
        firstDir: 'desc',
        className: 'w-44 whitespace-nowrap',
        cell: (entry) => formatMoment(entry.created_at, true),
      },
      {
        id: 'actor',
        header: 'By',
        className: 'max-w-[260px]',
        cell: (entry) => (
          <div className="min-w-0">
            <div className="truncate">{entry.actor?.email ?? trans('System')}</div>
            {entry.impersonator && (
              <div className="truncate text-xs text-fg-muted">
                {trans('as :email', { email: entry.impersonator.email })}
              </div>
            )}
          </div>
        ),
      },
      {
        id: 'action',
        header: 'Action',
        isRowHeader: true,
        cell: (entry) => (
          <div className="min-w-0">
            <div className="truncate font-medium">{trans(auditActionLabel(entry.action))}</div>
            <code className="text-xs text-fg-muted">{entry.action}</code>
          </div>
        ),
      },
      {
        id: 'target',
        header: 'Target',
        className: 'max-w-[260px]',
        cell: (entry) => (
          <div className="min-w-0">
            <div className="truncate">{entry.target_label ?? entry.target_id ?? '—'}</div>
            <div className="truncate text-xs text-fg-muted">
              {entry.target_type}
              {entry.target_id ? ` #${entry.target_id}` : ''}
            </div>
          </div>
        ),
      },
      {
        id: 'ip',
        header: 'IP address',
        className: 'w-36 whitespace-nowrap text-fg-muted',
        cell: (entry) => entry.ip ?? '—',
      },
    ],
    [trans, formatMoment],
  );
}

/** Logs, Audit tab (logs.view): every staff change, newest first; a row opens its before and after. */
export function AuditLogPage() {
  const { trans } = useTrans();
  const table = useTableState(CONFIG);
  const list = useAdminList(auditKeys.all, fetchAuditLog, table.state);
  const columns = useColumns();
  const [open, setOpen] = useState<AuditEntry | null>(null);
  return (
    <AdminPage title={trans('Logs')} documentTitle={trans('Audit log')} tabs={<LogTabs />}>
      <DataTable
        label={trans('Audit log')}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'created_at', orderDir: 'desc' }}
        searchLabel={trans('Exact email, action or target')}
        onRowAction={setOpen}
        empty={{
          icon: ScrollText,
          heading: 'No changes recorded yet',
          help: 'Changes staff make to users, roles and settings will show up here.',
        }}
      />
      <AuditDetailDialog entry={open} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}

export { AuditLogPage as Component };
