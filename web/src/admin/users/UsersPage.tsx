import { useCallback, useMemo, useState } from 'react';
import type { AdminUserRow } from '@kosh/contracts';
import { Plus, Users } from 'lucide-react';
import { ADMIN_USERS_SORTABLE } from '@kosh/contracts';
import { useSettings } from '../../shell/bootstrap-store.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { ADMIN_USERS_EXPORT_PATH } from '../admin-endpoints.ts';
import { AdminPage } from '../AdminPage.tsx';
import { DataTable } from '../table/DataTable.tsx';
import type { FilterDef } from '../table/filters.ts';
import { useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { adminUserKeys, fetchAdminUsers, useRoleOptions } from './admin-users.api.ts';
import { CreateUserDialog } from './CreateUserDialog.tsx';
import { UserActionsMenu, type UserAction } from './UserActionsMenu.tsx';
import { UserActionDialogs } from './UserActionDialogs.tsx';
import { useUserBulkActions } from './useUserBulkActions.tsx';
import { useUserColumns } from './useUserColumns.tsx';

const BASE_FILTERS: FilterDef[] = [
  { kind: 'boolean', key: 'emailVerified', label: 'Email', trueLabel: 'Verified', falseLabel: 'Not verified' },
  { kind: 'boolean', key: 'suspended', label: 'Suspension', trueLabel: 'Suspended', falseLabel: 'Not suspended' },
];
const SUBSCRIBED_FILTER: FilterDef = {
  kind: 'boolean',
  key: 'subscribed',
  label: 'Subscription',
  trueLabel: 'Subscribed',
  falseLabel: 'Not subscribed',
};
const DATE_FILTERS: FilterDef[] = [
  { kind: 'dateRange', key: 'created', label: 'Created', fromKey: 'createdFrom', toKey: 'createdTo' },
  { kind: 'dateRange', key: 'active', label: 'Last active', fromKey: 'activeFrom', toKey: 'activeTo' },
];

/**
 * The filters; the subscription filter while billing is on, the role filter once the roles list has
 * answered (it needs roles.update too).
 */
function useUserFilters(): FilterDef[] {
  const roles = useRoleOptions();
  const isBillingOn = !!useSettings().billing?.enable;
  return useMemo(
    () => [
      ...BASE_FILTERS,
      ...(isBillingOn ? [SUBSCRIBED_FILTER] : []),
      ...(roles.data?.length ? [{ kind: 'select' as const, key: 'roleId', label: 'Role', options: roles.data }] : []),
      ...DATE_FILTERS,
    ],
    [roles.data, isBillingOn],
  );
}

/** /admin/users (users.update): everyone with an account, searchable, filterable, exportable. */
export function UsersPage() {
  const { trans } = useTrans();
  const filters = useUserFilters();
  const table = useTableState({ filters, sortable: ADMIN_USERS_SORTABLE });
  const list = useAdminList(adminUserKeys.list, fetchAdminUsers, table.state);
  const columns = useUserColumns();
  const bulkActions = useUserBulkActions();
  const [isCreateOpen, setCreateOpen] = useState(false);
  const [pending, setPending] = useState<{ action: UserAction; user: AdminUserRow } | null>(null);
  const rowActions = useCallback(
    (user: AdminUserRow) => <UserActionsMenu user={user} onAction={(action) => setPending({ action, user })} />,
    [],
  );
  const addButton = (
    <Button onPress={() => setCreateOpen(true)} startIcon={<Plus size={18} aria-hidden />}>
      {trans('Add new user')}
    </Button>
  );
  return (
    <AdminPage title={trans('Users')} actions={addButton}>
      <DataTable
        label={trans('Users')}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'created_at', orderDir: 'desc' }}
        searchLabel={trans('Search by name or email')}
        exportPath={ADMIN_USERS_EXPORT_PATH}
        bulkActions={bulkActions}
        rowActions={rowActions}
        empty={{ icon: Users, heading: 'No users yet', help: 'People who sign up or whom you add will show up here.' }}
      />
      <CreateUserDialog isOpen={isCreateOpen} onClose={() => setCreateOpen(false)} />
      <UserActionDialogs pending={pending} onClose={() => setPending(null)} />
    </AdminPage>
  );
}

export { UsersPage as Component };
