import { useMemo } from 'react';
import { Trash2 } from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import type { BulkAction } from '../table/DataTable.tsx';
import { deleteUsers } from './admin-users.api.ts';

const DELETE_WARNING =
  'Their files, links and shares are deleted with them, and they can no longer sign in. This cannot be undone.';

/** What the users table does to its picked rows: delete them, saying which could not go and why. */
export function useUserBulkActions(): BulkAction[] {
  const { trans } = useTrans();
  return useMemo(
    () => [
      {
        id: 'delete',
        label: trans('Delete'),
        icon: <Trash2 size={16} aria-hidden />,
        isDanger: true,
        confirm: {
          title: (count) => (count === 1 ? trans('Delete 1 user?') : trans('Delete :count users?', { count })),
          body: () => trans(DELETE_WARNING),
          confirmLabel: trans('Delete'),
        },
        run: async (ids) => {
          const { deleted, results } = await deleteUsers(ids);
          const refused = results.filter((r) => !r.ok);
          if (!refused.length) {
            toast.positive(deleted === 1 ? trans('Deleted 1 user') : trans('Deleted :count users', { count: deleted }));
            return;
          }
          // One toast at a time (spec): the refusal, which needs reading, carries the count deleted too.
          toast.danger(
            trans(':deleted deleted, :count not: :reason', {
              deleted,
              count: refused.length,
              reason: refused[0].message ?? trans('There was an issue. Please try again.'),
            }),
          );
        },
      },
    ],
    [trans],
  );
}
