import { useMemo, useState } from 'react';
import { Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { ADMIN_ROLES_SORTABLE, type AdminRoleRow } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from '../../api/call.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { buttonClasses } from '../../ui/button-styles.ts';
import { IconButton } from '../../ui/Button.tsx';
import { AdminPage } from '../AdminPage.tsx';
import { DataTable, type TableColumn } from '../table/DataTable.tsx';
import type { FilterDef } from '../table/filters.ts';
import { formatCount } from '../table/table-state.ts';
import { type ListQuery, useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { DeleteRoleDialog } from './DeleteRoleDialog.tsx';
import { hasBadges, RoleBadges } from './RoleBadges.tsx';
import { roleKeys } from './roles.api.ts';

const FILTERS: FilterDef[] = [
  { kind: 'boolean', key: 'default', label: 'Default', trueLabel: 'Default role', falseLabel: 'Not the default' },
  { kind: 'boolean', key: 'guests', label: 'Guests', trueLabel: 'Guests role', falseLabel: 'Not the guests role' },
];
const CONFIG = { filters: FILTERS, sortable: ADMIN_ROLES_SORTABLE };

const fetchRoles = (query: ListQuery, signal: AbortSignal) => call(endpoints.listAdminRoles, { query, signal });

/** A role can be deleted unless the site needs it: a system role, or the default or guests role. */
export const canDeleteRole = (role: AdminRoleRow) => !role.is_system && !role.is_default && !role.is_guest;

function useColumns(): TableColumn<AdminRoleRow>[] {
  const { trans, language } = useTrans();
  const formatMoment = useFormatMoment();
  return useMemo(
    () => [
      {
        id: 'name',
        header: 'Role',
        sortKey: 'name',
        isRowHeader: true,
        cell: (role) => (
          <div className="min-w-0 py-1">
            <Link to={`/admin/roles/${role.id}/edit`} className="block truncate font-medium text-fg hover:underline">
              {role.name}
            </Link>
            {role.description && <p className="line-clamp-2 text-xs text-fg-muted">{role.description}</p>}
          </div>
        ),
      },
      {
        id: 'flags',
        header: 'Type',
        className: 'w-44',
        cell: (role) => (hasBadges(role) ? <RoleBadges role={role} /> : <span className="text-fg-muted">—</span>),
      },
      {
        id: 'users',
        header: 'Users',
        className: 'w-28 text-right tabular-nums',
        cell: (role) =>
          role.users_count === null ? (
            <span className="text-fg-muted">{trans('Visitors')}</span>
          ) : (
            formatCount(role.users_count, language)
          ),
      },
      {
        id: 'updated',
        header: 'Last updated',
        sortKey: 'updated_at',
        firstDir: 'desc',
        className: 'w-40 whitespace-nowrap text-fg-muted',
        cell: (role) => formatMoment(role.updated_at),
      },
    ],
    [trans, language, formatMoment],
  );
}

/** Roles (roles.update): each role's users count and flags; search, filter, add, delete. */
export function RolesListPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const table = useTableState(CONFIG);
  const list = useAdminList(roleKeys.list, fetchRoles, table.state);
  const columns = useColumns();
  const [deleting, setDeleting] = useState<AdminRoleRow | null>(null);
  const addRole = (
    <Link to="/admin/roles/new" className={buttonClasses('primary', 'md')}>
      <Plus size={18} aria-hidden />
      {trans('Add new role')}
    </Link>
  );
  return (
    <AdminPage
      title={trans('Roles')}
      description={trans('Roles group permissions. A user has every permission of each of their roles.')}
      actions={addRole}
    >
      <DataTable
        label={trans('Roles')}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'name', orderDir: 'asc' }}
        searchLabel={trans('Search roles')}
        onRowAction={(role) => navigate(`/admin/roles/${role.id}/edit`)}
        rowActions={(role) =>
          canDeleteRole(role) ? (
            <IconButton label={trans('Delete :name', { name: role.name })} onPress={() => setDeleting(role)}>
              <Trash2 size={18} aria-hidden />
            </IconButton>
          ) : (
            <span />
          )
        }
        empty={{
          icon: ShieldCheck,
          heading: 'No roles yet',
          help: 'Add a role to group permissions.',
          action: addRole,
        }}
      />
      <DeleteRoleDialog role={deleting} onClose={() => setDeleting(null)} />
    </AdminPage>
  );
}

export { RolesListPage as Component };
