import { useMemo, useState } from 'react';
import { Archive, Inbox, Trash2 } from 'lucide-react';
import clsx from 'clsx';
import type { AdminEnquiry } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { type BulkAction, DataTable, type TableColumn } from '../table/DataTable.tsx';
import type { FilterDef } from '../table/filters.ts';
import { useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { deleteEnquiries, enquiryKeys, fetchEnquiries, setEnquiriesStatus } from './enquiries.api.ts';
import { KIND_LABELS, KindChip, STATUS_LABELS, StatusBadge } from './EnquiryBadges.tsx';
import { EnquiryDialog } from './EnquiryDialog.tsx';
import { firstLine } from './enquiry-format.ts';
import { ReplyDialog } from './ReplyDialog.tsx';

const CONFIG = {
  filters: [
    {
      kind: 'select',
      key: 'status',
      label: 'Status',
      options: Object.entries(STATUS_LABELS).map(([value, label]) => ({ value, label })),
    },
    {
      kind: 'select',
      key: 'kind',
      label: 'Kind',
      options: Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label })),
    },
    { kind: 'dateRange', key: 'received', label: 'Received', fromKey: 'from', toKey: 'to' },
  ] satisfies FilterDef[],
  sortable: ['created_at'] as const,
};

function useColumns(): TableColumn<AdminEnquiry>[] {
  const formatMoment = useFormatMoment();
  return useMemo(
    () => [
      {
        id: 'sender',
        header: 'From',
        isRowHeader: true,
        className: 'min-w-[200px] max-w-[280px]',
        cell: (e) => (
          <div className="min-w-0">
            <div className={clsx('truncate text-fg', e.status === 'new' && 'font-semibold')}>{e.name}</div>
            <div className="truncate text-xs text-fg-muted">{e.email}</div>
          </div>
        ),
      },
      {
        id: 'message',
        header: 'Message',
        className: 'min-w-[220px] max-w-[420px]',
        cell: (e) => <div className="truncate text-fg-muted">{firstLine(e.message)}</div>,
      },
      { id: 'kind', header: 'Kind', className: 'w-28', cell: (e) => <KindChip kind={e.kind} /> },
      { id: 'status', header: 'Status', className: 'w-28', cell: (e) => <StatusBadge status={e.status} /> },
      {
        id: 'received',
        header: 'Received',
        sortKey: 'created_at',
        firstDir: 'desc',
        className: 'w-40 whitespace-nowrap',
        cell: (e) => <time dateTime={e.created_at}>{formatMoment(e.created_at, true)}</time>,
      },
    ],
    [formatMoment],
  );
}

/** Tells how a bulk run went: all done, or how many were already gone. */
function tell(trans: ReturnType<typeof useTrans>['trans'], results: Array<{ ok: boolean }>, one: string, many: string) {
  const done = results.filter((r) => r.ok).length;
  const gone = results.length - done;
  if (!gone) toast.positive(trans(done === 1 ? one : many, { count: done }));
  else toast.danger(trans(':done done, :count already deleted', { done, count: gone }));
}

/** Archive and delete for the picked enquiries; both ask first. */
function useEnquiryBulkActions(): BulkAction[] {
  const { trans } = useTrans();
  return useMemo(
    () => [
      {
        id: 'archive',
        label: trans('Archive'),
        icon: <Archive size={16} aria-hidden />,
        confirm: {
          title: (count) => (count === 1 ? trans('Archive 1 enquiry?') : trans('Archive :count enquiries?', { count })),
          body: () => trans('Archived enquiries leave the new ones; the Status filter still finds them.'),
          confirmLabel: trans('Archive'),
        },
        run: async (ids) => {
          const { results } = await setEnquiriesStatus(ids, 'archived');
          tell(trans, results, 'Archived 1 enquiry', 'Archived :count enquiries');
        },
      },
      {
        id: 'delete',
        label: trans('Delete'),
        icon: <Trash2 size={16} aria-hidden />,
        isDanger: true,
        confirm: {
          title: (count) => (count === 1 ? trans('Delete 1 enquiry?') : trans('Delete :count enquiries?', { count })),
          body: () => trans('The messages are deleted for good. This cannot be undone.'),
          confirmLabel: trans('Delete'),
        },
        run: async (ids) => {
          const { results } = await deleteEnquiries(ids);
          tell(trans, results, 'Deleted 1 enquiry', 'Deleted :count enquiries');
        },
      },
    ],
    [trans],
  );
}

/** /admin/enquiries (admin.access): what visitors sent from the contact and reseller forms; a row opens it. */
export function EnquiriesPage() {
  const { trans } = useTrans();
  const table = useTableState(CONFIG);
  const list = useAdminList(enquiryKeys.all, fetchEnquiries, table.state);
  const columns = useColumns();
  const bulkActions = useEnquiryBulkActions();
  const [open, setOpen] = useState<AdminEnquiry | null>(null);
  const [replying, setReplying] = useState<AdminEnquiry | null>(null);
  return (
    <AdminPage title={trans('Enquiries')}>
      <DataTable
        label={trans('Enquiries')}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'created_at', orderDir: 'desc' }}
        searchLabel={trans('Search name, email or message')}
        onRowAction={setOpen}
        bulkActions={bulkActions}
        empty={{
          icon: Inbox,
          heading: 'No enquiries yet',
          help: 'Messages sent from the contact and reseller pages will show up here.',
        }}
      />
      <EnquiryDialog
        enquiry={open}
        onClose={() => setOpen(null)}
        onChanged={setOpen}
        onReply={(enquiry) => {
          setOpen(null);
          setReplying(enquiry);
        }}
      />
      <ReplyDialog
        enquiry={replying}
        onClose={() => {
          // Back to the enquiry the reply was for.
          setOpen(replying);
          setReplying(null);
        }}
        onSent={() => setReplying(null)}
      />
    </AdminPage>
  );
}

export { EnquiriesPage as Component };
