import { useCallback, useMemo } from 'react';
import { ExternalLink, FileText, MoreVertical, Pencil, Plus, Trash2 } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { Link, useNavigate } from 'react-router';
import { ADMIN_CUSTOM_PAGES_SORTABLE, type CustomPageSummary } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { buttonClasses, iconButtonClasses } from '../../ui/button-styles.ts';
import { Dropdown, MenuItem } from '../../ui/Menu.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { AdminPage } from '../AdminPage.tsx';
import { type BulkAction, DataTable, type TableColumn } from '../table/DataTable.tsx';
import { useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { customPageKeys, customPagesApi, fetchCustomPages } from './custom-pages.api.ts';

const CONFIG = { filters: [], sortable: ADMIN_CUSTOM_PAGES_SORTABLE };
const editPath = (page: CustomPageSummary) => `/admin/custom-pages/${page.id}/edit`;

function useColumns(): TableColumn<CustomPageSummary>[] {
  const { trans } = useTrans();
  const formatMoment = useFormatMoment();
  return useMemo(
    () => [
      {
        id: 'title',
        header: 'Title',
        sortKey: 'title',
        isRowHeader: true,
        cell: (page) => <span className="block truncate font-medium text-fg">{page.title}</span>,
      },
      {
        id: 'slug',
        header: 'Slug',
        sortKey: 'slug',
        cell: (page) => <span className="block truncate text-fg-muted">/pages/{page.slug}</span>,
      },
      {
        id: 'owner',
        header: 'Owner',
        className: 'w-48',
        cell: (page) =>
          page.owner ? (
            <span className="block truncate" title={page.owner.email}>
              {page.owner.name}
            </span>
          ) : (
            <span className="text-fg-muted">{trans('No owner')}</span>
          ),
      },
      {
        id: 'updated',
        header: 'Last updated',
        sortKey: 'updated_at',
        firstDir: 'desc',
        className: 'w-40 whitespace-nowrap text-fg-muted',
        cell: (page) => formatMoment(page.updated_at),
      },
    ],
    [trans, formatMoment],
  );
}

/** Deletes the picked pages after a confirmation; the homepage is refused with the server's reason. */
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
          title: (count) => (count === 1 ? trans('Delete 1 page?') : trans('Delete :count pages?', { count })),
          body: () => trans('Their addresses will show “Page not found”. This cannot be undone.'),
          confirmLabel: trans('Delete'),
        },
        run: async (ids) => {
          const { deleted } = await customPagesApi.delete(ids);
          toast.positive(deleted === 1 ? trans('Deleted 1 page') : trans('Deleted :count pages', { count: deleted }));
        },
      },
    ],
    [trans],
  );
}

/** /admin/custom-pages (custom_pages.update): the site's content pages; add, edit, view, delete. */
export function CustomPagesPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const table = useTableState(CONFIG);
  const list = useAdminList(customPageKeys.list, fetchCustomPages, table.state);
  const columns = useColumns();
  const bulkActions = useBulkActions();
  const rowActions = useCallback(
    (page: CustomPageSummary) => (
      <Dropdown
        aria-label={trans('Actions for :name', { name: page.title })}
        trigger={
          <AriaButton aria-label={trans('Actions for :name', { name: page.title })} className={iconButtonClasses('md')}>
            <MoreVertical size={20} aria-hidden />
          </AriaButton>
        }
        onAction={(key) =>
          key === 'edit' ? void navigate(editPath(page)) : window.open(`/pages/${page.slug}`, '_blank', 'noopener')
        }
      >
        <MenuItem id="edit" icon={<Pencil size={18} />}>
          {trans('Edit')}
        </MenuItem>
        <MenuItem id="view" icon={<ExternalLink size={18} />}>
          {trans('View page')}
        </MenuItem>
      </Dropdown>
    ),
    [trans, navigate],
  );
  const addButton = (
    <Link to="/admin/custom-pages/new" className={buttonClasses('primary', 'md')}>
      <Plus size={18} aria-hidden />
      {trans('New page')}
    </Link>
  );
  return (
    <AdminPage
      title={trans('Pages')}
      description={trans('Content pages of the site, such as about us or terms, shown at /pages/…')}
      actions={addButton}
    >
      <DataTable
        label={trans('Pages')}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'updated_at', orderDir: 'desc' }}
        searchLabel={trans('Search pages')}
        bulkActions={bulkActions}
        rowActions={rowActions}
        onRowAction={(page) => void navigate(editPath(page))}
        empty={{
          icon: FileText,
          heading: 'No pages yet',
          help: 'Pages you write show up here, and at /pages/ followed by their slug.',
          action: addButton,
        }}
      />
    </AdminPage>
  );
}

export { CustomPagesPage as Component };
