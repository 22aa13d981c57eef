import { lazy, Suspense, useState } from 'react';
import clsx from 'clsx';
import { Check, ChevronsUpDown, LogOut, Plus, Settings, Users } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { DEFAULT_WORKSPACE_ID } from '@kosh/contracts';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { focusRing } from '../ui/button-styles.ts';
import { Dropdown, MenuDivider, MenuItem } from '../ui/Menu.tsx';
import { switchWorkspace, useActiveWorkspace } from './active-workspace.ts';
import { ConfirmDialog } from '../drive/dialogs/ConfirmDialog.tsx';
import { toast } from '../ui/toast/toast-store.ts';
import { useHasOpened } from '../ui/useHasOpened.ts';
import { canManageMembers } from './role-labels.ts';
import { useLeaveWorkspace } from './workspaces.api.ts';

// The dialogs (forms, selects, member lists) load when first opened, not with every drive page.
const CreateWorkspaceDialog = lazy(() =>
  import('./CreateWorkspaceDialog.tsx').then((m) => ({ default: m.CreateWorkspaceDialog })),
);
const MembersDialog = lazy(() => import('./MembersDialog.tsx').then((m) => ({ default: m.MembersDialog })));

/**
 * The workspace switcher (part 1, 2.8): the default workspace first, then the caller's; a new
 * workspace; the members dialog of the active one ('Manage members' for its admins and owner,
 * 'Members' to look at for everyone else) and 'Leave workspace' for every member but the owner.
 * Switching goes back to the drive's root.
 */
export function WorkspaceSwitcher({ className }: { className?: string }) {
  const { trans } = useTrans();
  const { id, workspace, workspaces } = useActiveWorkspace();
  const [isCreateOpen, setCreateOpen] = useState(false);
  const [isMembersOpen, setMembersOpen] = useState(false);
  const [isLeaveOpen, setLeaveOpen] = useState(false);
  const hasOpenedCreate = useHasOpened(isCreateOpen);
  const hasOpenedMembers = useHasOpened(isMembersOpen);
  const leave = useLeaveWorkspace();
  const isTeam = id !== DEFAULT_WORKSPACE_ID && !!workspace;
  const canManage = canManageMembers(workspace?.role);
  const name = !workspace || workspace.id === DEFAULT_WORKSPACE_ID ? trans('Default') : workspace.name;
  const membersLabel = (count: number) => (count === 1 ? trans('1 member') : trans(':count members', { count }));

  const trigger = (
    <AriaButton
      data-testid="workspace-switcher"
      className={clsx('flex h-12 w-full items-center gap-3 rounded-kosh px-3 text-left hover:bg-bg-alt', focusRing)}
    >
      <span
        className={clsx(
          'inline-flex size-8 shrink-0 items-center justify-center',
          'rounded-kosh bg-bg-chip text-sm font-medium text-fg',
        )}
        aria-hidden
      >
        {name.slice(0, 1).toUpperCase()}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-fg">{name}</span>
        <span className="block truncate text-xs text-fg-muted">{trans('Workspace')}</span>
      </span>
      {/* The visible name starts the accessible name (WCAG 2.5.3); what the button does follows. */}
      <span className="sr-only">{trans('Switch workspace')}</span>
      <ChevronsUpDown size={16} className="shrink-0 text-fg-muted" aria-hidden />
    </AriaButton>
  );

  return (
    <div className={className}>
      <Dropdown
        trigger={trigger}
        placement="bottom start"
        minWidth={256}
        aria-label={trans('Workspaces')}
        header={<div className="px-4 pt-2 pb-1 text-xs font-medium text-fg-muted">{trans('Workspaces')}</div>}
        onAction={(key) => {
          if (key === 'create') setCreateOpen(true);
          else if (key === 'members') setMembersOpen(true);
          else if (key === 'leave') setLeaveOpen(true);
          else if (typeof key === 'string' && key.startsWith('ws-')) {
            const next = Number(key.slice(3));
            if (next !== id) switchWorkspace(next);
          }
        }}
      >
        {workspaces.map((w) => (
          <MenuItem
            key={w.id}
            id={`ws-${w.id}`}
            textValue={w.id === DEFAULT_WORKSPACE_ID ? trans('Default') : w.name}
            icon={w.id === id ? <Check size={18} className="text-primary" /> : <span />}
            end={membersLabel(w.members_count)}
          >
            {w.id === DEFAULT_WORKSPACE_ID ? trans('Default') : w.name}
          </MenuItem>
        ))}
        <MenuDivider />
        {isTeam && (
          <MenuItem id="members" icon={canManage ? <Settings size={18} /> : <Users size={18} />}>
            {canManage ? trans('Manage members') : trans('Members')}
          </MenuItem>
        )}
        {isTeam && workspace.role !== 'owner' && (
          <MenuItem id="leave" icon={<LogOut size={18} />}>
            {trans('Leave workspace')}
          </MenuItem>
        )}
        <MenuItem id="create" icon={<Plus size={18} />}>
          {trans('Create workspace')}
        </MenuItem>
      </Dropdown>
      {hasOpenedCreate && (
        <Suspense fallback={null}>
          <CreateWorkspaceDialog isOpen={isCreateOpen} onClose={() => setCreateOpen(false)} />
        </Suspense>
      )}
      {isTeam && hasOpenedMembers && (
        <Suspense fallback={null}>
          <MembersDialog isOpen={isMembersOpen} onClose={() => setMembersOpen(false)} workspace={workspace} />
        </Suspense>
      )}
      {isTeam && (
        <ConfirmDialog
          isOpen={isLeaveOpen}
          title={trans('Leave workspace')}
          body={trans('Leave ":name"? You will lose access to its files.', { name: workspace.name })}
          confirmLabel={trans('Leave')}
          onConfirm={() =>
            leave.mutate(workspace.id, {
              onSuccess: () => {
                toast.positive(trans('Left workspace'));
                switchWorkspace(DEFAULT_WORKSPACE_ID);
              },
            })
          }
          onClose={() => setLeaveOpen(false)}
        />
      )}
    </div>
  );
}
