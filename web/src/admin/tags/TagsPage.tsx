import { useCallback, useMemo, useState } from 'react';
import { Merge, MoreVertical, Pencil, Plus, Tags, Trash2 } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { ADMIN_TAGS_SORTABLE, type AdminTag, TAG_TYPES } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { iconButtonClasses } from '../../ui/button-styles.ts';
import { Dropdown, MenuItem } from '../../ui/Menu.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { AdminPage } from '../AdminPage.tsx';
import { type BulkAction, DataTable, type TableColumn } from '../table/DataTable.tsx';
import type { FilterDef } from '../table/filters.ts';
import { formatCount } from '../table/table-state.ts';
import { useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { MergeTagDialog } from './MergeTagDialog.tsx';
import { TagFormDialog, TYPE_LABELS } from './TagFormDialog.tsx';
import { adminTagKeys, deleteTags, fetchAdminTags } from './tags.api.ts';

const FILTERS: FilterDef[] = [
  { kind: 'select', key: 'type', label: 'Type', options: TAG_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] })) },
];
const CONFIG = { filters: FILTERS, sortable: ADMIN_TAGS_SORTABLE };

function useColumns(): TableColumn<AdminTag>[] {
  const { trans, language } = useTrans();
  const formatMoment = useFormatMoment();
  return useMemo(
    () => [
      {
        id: 'name',
        header: 'Name',
        sortKey: 'name',
        isRowHeader: true,
        cell: (tag) => <span className="block truncate font-medium text-fg">{tag.name}</span>,
      },
      {
        id: 'display_name',
        header: 'Display name',
        sortKey: 'display_name',
        cell: (tag) => <span className="block truncate">{tag.display_name}</span>,
      },
      { id: 'type', header: 'Type', className: 'w-28', cell: (tag) => trans(TYPE_LABELS[tag.type]) },
      {
        id: 'entries',
        header: 'Entries',
        sortKey: 'entries_count',
        firstDir: 'desc',
        className: 'w-28 text-right tabular-nums',
        cell: (tag) => formatCount(tag.entries_count, language),
      },
      {
        id: 'updated',
        header: 'Last updated',
        sortKey: 'updated_at',
        firstDir: 'desc',
        className: 'w-40 whitespace-nowrap text-fg-muted',
        cell: (tag) => formatMoment(tag.updated_at),
      },
    ],
    [trans, language, formatMoment],
  );
}

/** Deletes the picked tags after a confirmation; the entries carrying them lose them. */
function useBulkActions(): BulkAction[] {
  const { trans } = useTrans();
  return useMemo(
    () => [
      {
        id: 'delete',
        label: trans('Delete'),
        icon: <Trash2 size={16} aria-hidden />,
        isDanger: true,
        confirm: {
          title: (count) => (count === 1 ? trans('Delete 1 tag?') : trans('Delete :count tags?', { count })),
          body: () => trans('Files and folders carrying them lose them. This cannot be undone.'),
          confirmLabel: trans('Delete'),
        },
        run: async (ids) => {
          const { deleted } = await deleteTags(ids);
          toast.positive(deleted === 1 ? trans('Deleted 1 tag') : trans('Deleted :count tags', { count: deleted }));
        },
      },
    ],
    [trans],
  );
}

/** /admin/tags (tags.update): every tag with its number of entries; add, rename, merge, delete. */
export function TagsPage() {
  const { trans } = useTrans();
  const table = useTableState(CONFIG);
  const list = useAdminList(adminTagKeys.list, fetchAdminTags, table.state);
  const columns = useColumns();
  const bulkActions = useBulkActions();
  const [editing, setEditing] = useState<{ tag: AdminTag | null } | null>(null);
  const [merging, setMerging] = useState<AdminTag | null>(null);
  const rowActions = useCallback(
    (tag: AdminTag) => (
      <Dropdown
        aria-label={trans('Actions for :name', { name: tag.name })}
        trigger={
          <AriaButton aria-label={trans('Actions for :name', { name: tag.name })} className={iconButtonClasses('md')}>
            <MoreVertical size={20} aria-hidden />
          </AriaButton>
        }
        onAction={(key) => (key === 'edit' ? setEditing({ tag }) : setMerging(tag))}
      >
        <MenuItem id="edit" icon={<Pencil size={18} />}>
          {trans('Edit')}
        </MenuItem>
        <MenuItem id="merge" icon={<Merge size={18} />}>
          {trans('Merge into…')}
        </MenuItem>
      </Dropdown>
    ),
    [trans],
  );
  const addButton = (
    <Button onPress={() => setEditing({ tag: null })} startIcon={<Plus size={18} aria-hidden />}>
      {trans('Add new tag')}
    </Button>
  );
  return (
    <AdminPage
      title={trans('Tags')}
      description={trans('Labels people put on their files and folders.')}
      actions={addButton}
    >
      <DataTable
        label={trans('Tags')}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'name', orderDir: 'asc' }}
        searchLabel={trans('Search tags')}
        bulkActions={bulkActions}
        rowActions={rowActions}
        onRowAction={(tag) => setEditing({ tag })}
        empty={{
          icon: Tags,
          heading: 'No tags yet',
          help: 'Tags people add to files and folders, and tags you add, show up here.',
          action: addButton,
        }}
      />
      <TagFormDialog tag={editing?.tag ?? null} isOpen={!!editing} onClose={() => setEditing(null)} />
      <MergeTagDialog tag={merging} onClose={() => setMerging(null)} />
    </AdminPage>
  );
}

export { TagsPage as Component };
