import { useEffect, useMemo, useState } from 'react';
import { Files, Trash2 } from 'lucide-react';
import { ADMIN_FILES_SORTABLE, type AdminFileRow } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { AdminPage } from '../AdminPage.tsx';
import { DataTable, type BulkAction } from '../table/DataTable.tsx';
import { useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { adminFileKeys, deleteFilesForever, fetchAdminFiles } from './admin-files.api.ts';
import { FILE_FILTERS, rememberOwners, useOwnerNames } from './file-filters.tsx';
import { FilePreviewDialog } from './FilePreviewDialog.tsx';
import { useFileColumns } from './useFileColumns.tsx';

const CONFIG = { filters: FILE_FILTERS, sortable: ADMIN_FILES_SORTABLE };

/** Delete forever: folders go with their contents, the owners get their space back at once. */
function useFileBulkActions(): BulkAction[] {
  const { trans } = useTrans();
  return useMemo(
    () => [
      {
        id: 'delete',
        label: trans('Delete forever'),
        icon: <Trash2 size={16} aria-hidden />,
        isDanger: true,
        confirm: {
          title: (count) =>
            count === 1 ? trans('Delete 1 item forever?') : trans('Delete :count items forever?', { count }),
          body: () =>
            trans(
              'Folders are deleted with everything in them, and the files are removed from storage. ' +
                'The owners get their space back. This cannot be undone.',
            ),
          confirmLabel: trans('Delete forever'),
        },
        run: async (ids) => {
          const { results } = await deleteFilesForever(ids);
          const done = results.filter((r) => r.ok).length;
          const missed = results.length - done;
          const line = done === 1 ? 'Deleted 1 item forever' : 'Deleted :count items forever';
          if (!missed) toast.positive(trans(line, { count: done }));
          else toast.danger(trans(':deleted deleted, :count already gone', { deleted: done, count: missed }));
        },
      },
    ],
    [trans],
  );
}

/** /admin/files (files.update): every file and folder of every drive; preview, filter, delete forever. */
export function FilesPage() {
  const { trans } = useTrans();
  const table = useTableState(CONFIG);
  const list = useAdminList(adminFileKeys.list, fetchAdminFiles, table.state);
  const columns = useFileColumns();
  const bulkActions = useFileBulkActions();
  const [open, setOpen] = useState<AdminFileRow | null>(null);
  const rows = list.data?.pagination.data;
  useEffect(() => rows && rememberOwners(rows.map((r) => r.owner)), [rows]);
  useOwnerNames();
  return (
    <AdminPage title={trans('Files')} documentTitle={trans('Uploaded files and folders')}>
      <DataTable
        label={trans('Files and folders')}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'created_at', orderDir: 'desc' }}
        searchLabel={trans('Search by name')}
        bulkActions={bulkActions}
        onRowAction={setOpen}
        empty={{ icon: Files, heading: 'No files yet', help: 'Files and folders people upload will show up here.' }}
      />
      <FilePreviewDialog file={open} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}

export { FilesPage as Component };
