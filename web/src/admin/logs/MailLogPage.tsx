import { useMemo, useState } from 'react';
import { Mail } from 'lucide-react';
import { MAIL_LOG_DAYS, type MailLogRow } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { DataTable, type TableColumn } from '../table/DataTable.tsx';
import type { FilterDef } from '../table/filters.ts';
import { useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { LogTabs } from './LogTabs.tsx';
import { fetchMailLog, logKeys } from './logs.api.ts';
import { MAIL_STATUS_LABELS, MAIL_TEMPLATES, MailStatusBadge, mailTemplateLabel } from './mail-log-parts.tsx';
import { MailPreviewDialog } from './MailPreviewDialog.tsx';

const CONFIG = {
  filters: [
    {
      kind: 'select',
      key: 'status',
      label: 'Status',
      options: Object.entries(MAIL_STATUS_LABELS).map(([value, label]) => ({ value, label })),
    },
    {
      kind: 'select',
      key: 'template',
      label: 'Template',
      options: Object.entries(MAIL_TEMPLATES).map(([value, label]) => ({ value, label })),
    },
    { kind: 'dateRange', key: 'date', label: 'Date', fromKey: 'from', toKey: 'to' },
  ] satisfies FilterDef[],
  sortable: ['created_at'] as const,
};

function useColumns(): TableColumn<MailLogRow>[] {
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
        cell: (mail) => formatMoment(mail.created_at, true),
      },
      {
        id: 'to',
        header: 'To',
        // A cell's max-width does not bind an auto-width table; its content's does.
        cell: (mail) => <span className="block max-w-[220px] truncate">{mail.to}</span>,
      },
      {
        id: 'subject',
        header: 'Subject',
        isRowHeader: true,
        // The error sits under the subject, where it is seen without scrolling the table sideways.
        cell: (mail) => (
          <div className="max-w-[300px] min-w-0">
            <div className="truncate font-medium">{mail.subject}</div>
            {mail.error && <div className="truncate text-xs text-danger">{mail.error}</div>}
          </div>
        ),
      },
      {
        id: 'template',
        header: 'Template',
        className: 'whitespace-nowrap text-fg-muted',
        cell: (mail) => (mail.template ? trans(mailTemplateLabel(mail.template)) : '—'),
      },
      { id: 'status', header: 'Status', className: 'w-24', cell: (mail) => <MailStatusBadge status={mail.status} /> },
    ],
    [trans, formatMoment],
  );
}

/** Logs, Outgoing email tab (logs.view): every mail sent or refused, newest first; a row opens its preview. */
export function MailLogPage() {
  const { trans } = useTrans();
  const table = useTableState(CONFIG);
  const list = useAdminList(logKeys.mailLog, fetchMailLog, table.state);
  const columns = useColumns();
  const [open, setOpen] = useState<MailLogRow | null>(null);
  return (
    <AdminPage title={trans('Logs')} documentTitle={trans('Outgoing email log')} tabs={<LogTabs />}>
      <p className="text-sm text-fg-muted">
        {trans('Every mail Kosh sent or failed to send. Kept :days days.', { days: String(MAIL_LOG_DAYS) })}
      </p>
      <DataTable
        label={trans('Outgoing email')}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'created_at', orderDir: 'desc' }}
        searchLabel={trans('Address or subject')}
        onRowAction={setOpen}
        empty={{
          icon: Mail,
          heading: 'No mail sent yet',
          help: 'Every mail Kosh sends, such as password resets and share invitations, shows up here.',
        }}
      />
      <MailPreviewDialog mail={open} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}

export { MailLogPage as Component };
