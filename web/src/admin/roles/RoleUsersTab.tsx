import { useMemo, useState } from 'react';
import { UserMinus, UserPlus, Users } from 'lucide-react';
import { ADMIN_ROLE_USERS_SORTABLE, type AdminRole, type AdminRoleUserRow } from '@kosh/contracts';
import { endpoints } from '@kosh/contracts/endpoints';
import { call } from '../../api/call.ts';
import { Avatar } from '../../shell/layout/Avatar.tsx';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { DataTable, type TableColumn } from '../table/DataTable.tsx';
import { type ListQuery, useAdminList } from '../table/useAdminList.ts';
import { useTableState } from '../table/useTableState.ts';
import { useFormatMoment } from '../useAdminFormat.ts';
import { AssignUsersDialog } from './AssignUsersDialog.tsx';
import { invalidateRoles, roleKeys, rolesApi } from './roles.api.ts';

const CONFIG = { filters: [], sortable: ADMIN_ROLE_USERS_SORTABLE };

function useColumns(): TableColumn<AdminRoleUserRow>[] {
  const formatMoment = useFormatMoment();
  return useMemo(
    () => [
      {
        id: 'user',
        header: 'User',
        sortKey: 'email',
        isRowHeader: true,
        cell: (user) => (
          <div className="flex min-w-0 items-center gap-3">
            <Avatar user={user} size={32} />
            <div className="min-w-0">
              <div className="truncate font-medium">{user.name}</div>
              <div className="truncate text-xs text-fg-muted">{user.email}</div>
            </div>
          </div>
        ),
      },
      {
        id: 'assigned',
        header: 'Assigned',
        sortKey: 'assigned_at',
        firstDir: 'desc',
        className: 'w-48 whitespace-nowrap text-fg-muted',
        cell: (user) => formatMoment(user.assigned_at, true),
      },
    ],
    [formatMoment],
  );
}

/** The users of a role: search, sort, assign through a dialog, remove the picked ones after a question. */
export function RoleUsersTab({ role }: { role: AdminRole }) {
  const { trans } = useTrans();
  const table = useTableState(CONFIG);
  const fetchPage = useMemo(
    () => (query: ListQuery, signal: AbortSignal) =>
      call(endpoints.listAdminRoleUsers, { params: { roleId: role.id }, query, signal }),
    [role.id],
  );
  const list = useAdminList(roleKeys.users(role.id), fetchPage, table.state);
  const columns = useColumns();
  const [isAssigning, setAssigning] = useState(false);
  const assign = (
    <Button onPress={() => setAssigning(true)} startIcon={<UserPlus size={18} aria-hidden />}>
      {trans('Assign users')}
    </Button>
  );
  return (
    // Relative: the table's visually hidden checkboxes stay inside the scrolling screen.
    <div className="relative flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <p className="min-w-0 flex-1 text-sm text-fg-muted">
          {trans('Users with this role have its permissions from their next request on.')}
        </p>
        {assign}
      </div>
      <DataTable
        label={trans('Users of :role', { role: role.name })}
        columns={columns}
        table={table}
        list={list}
        defaultSort={{ orderBy: 'assigned_at', orderDir: 'desc' }}
        searchLabel={trans('Search by name or email')}
        bulkActions={[
          {
            id: 'remove',
            label: trans('Remove from role'),
            icon: <UserMinus size={16} aria-hidden />,
            isDanger: true,
            confirm: {
              title: (count) =>
                trans(count === 1 ? 'Remove :count user from :role?' : 'Remove :count users from :role?', {
                  count: String(count),
                  role: role.name,
                }),
              body: () => trans('They lose the permissions this role gives them on their next request.'),
              confirmLabel: trans('Remove'),
            },
            run: async (ids) => {
              const { results } = await rolesApi.removeUsers(role.id, ids);
              const removed = results.filter((r) => r.status === 'removed').length;
              const line = removed === 1 ? ':count user removed from :role' : ':count users removed from :role';
              toast.positive(trans(line, { count: String(removed), role: role.name }));
              await invalidateRoles();
            },
          },
        ]}
        empty={{ icon: Users, heading: 'No users have this role', help: 'Assign users to give them its permissions.' }}
      />
      <AssignUsersDialog role={role} isOpen={isAssigning} onClose={() => setAssigning(false)} />
    </div>
  );
}
