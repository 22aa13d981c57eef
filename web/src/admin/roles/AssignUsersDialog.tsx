import { useState } from 'react';
import clsx from 'clsx';
import { Check } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { ListBox, ListBoxItem, type Selection } from 'react-aria-components';
import type { AdminRole, AdminRoleUserRow } from '@kosh/contracts';
import { Avatar } from '../../shell/layout/Avatar.tsx';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toast/toast-store.ts';
import { TableSearch } from '../table/TableSearch.tsx';
import { invalidateRoles, rolesApi, useRoleCandidates } from './roles.api.ts';

const itemClass =
  'mx-1 flex cursor-pointer items-center gap-3 rounded-[6px] px-3 py-2 outline-none data-[focused]:bg-bg-alt';

type Candidate = Omit<AdminRoleUserRow, 'assigned_at'>;
type Props = { role: AdminRole; isOpen: boolean; onClose: () => void };

/** Finds users outside the role by name or email and assigns the picked ones; picks survive a new search. */
export function AssignUsersDialog({ role, isOpen, onClose }: Props) {
  const { trans } = useTrans();
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Map<number, Candidate>>(new Map());
  const candidates = useRoleCandidates(role.id, text, isOpen);
  const shown: Candidate[] = candidates.data?.users ?? [];
  const close = () => {
    setText('');
    setPicked(new Map());
    onClose();
  };
  const assign = useMutation({
    mutationFn: () => rolesApi.addUsers(role.id, [...picked.keys()]),
    onSuccess: async ({ results }) => {
      const added = results.filter((r) => r.status === 'added').length;
      const line = added === 1 ? ':count user assigned to :role' : ':count users assigned to :role';
      toast.positive(trans(line, { count: String(added), role: role.name }));
      close();
      await invalidateRoles();
    },
  });
  const onSelectionChange = (keys: Selection) => {
    const chosen = keys === 'all' ? new Set(shown.map((u) => u.id)) : new Set([...keys].map(Number));
    setPicked((prev) => {
      const next = new Map(prev);
      for (const user of shown) {
        if (chosen.has(user.id)) next.set(user.id, user);
        else next.delete(user.id);
      }
      return next;
    });
  };
  return (
    <Dialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      title={trans('Assign users to :role', { role: role.name })}
      actions={
        <>
          <Button variant="text" onPress={close} isDisabled={assign.isPending}>
            {trans('Cancel')}
          </Button>
          <Button onPress={() => assign.mutate()} isDisabled={picked.size === 0} isPending={assign.isPending}>
            {picked.size > 0 ? trans('Assign :count', { count: String(picked.size) }) : trans('Assign')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <TableSearch label={trans('Search users by name or email')} value={text} onSearch={(q) => setText(q)} />
        <div className="min-h-[240px] rounded-kosh border border-divider">
          {candidates.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner />
            </div>
          ) : (
            <ListBox
              aria-label={trans('Users')}
              selectionMode="multiple"
              selectedKeys={new Set(shown.filter((u) => picked.has(u.id)).map((u) => u.id))}
              onSelectionChange={onSelectionChange}
              items={shown}
              renderEmptyState={() => (
                <p className="px-4 py-10 text-center text-sm text-fg-muted">
                  {text ? trans('No user outside this role matches.') : trans('Every user already has this role.')}
                </p>
              )}
              className="max-h-[320px] overflow-y-auto py-1 outline-none"
            >
              {(user) => (
                <ListBoxItem id={user.id} textValue={`${user.name} ${user.email}`} className={itemClass}>
                  {({ isSelected }) => (
                    <>
                      <span
                        aria-hidden
                        className={clsx(
                          'flex size-[18px] shrink-0 items-center justify-center rounded-[4px] border-2',
                          isSelected ? 'border-primary bg-primary text-on-primary' : 'border-fg-muted bg-bg',
                        )}
                      >
                        {isSelected && <Check size={14} strokeWidth={3} />}
                      </span>
                      <Avatar user={user} size={28} />
                      <span className="min-w-0">
                        <span className="block truncate text-sm text-fg">{user.name}</span>
                        <span className="block truncate text-xs text-fg-muted">{user.email}</span>
                      </span>
                    </>
                  )}
                </ListBoxItem>
              )}
            </ListBox>
          )}
        </div>
        <p className="text-xs text-fg-muted">
          {trans('Showing up to 20 users without this role, by email. Search to find others.')}
        </p>
      </div>
    </Dialog>
  );
}
