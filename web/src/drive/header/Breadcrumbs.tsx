import { Fragment } from 'react';
import clsx from 'clsx';
import { ChevronDown, ChevronRight, Ellipsis, FileUp, FolderPlus, FolderUp } from 'lucide-react';
import { Link } from 'react-router';
import { Button as AriaButton } from 'react-aria-components';
import type { FileEntry } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { focusRing } from '../../ui/button-styles.ts';
import { Dropdown, MenuDivider, MenuItem } from '../../ui/Menu.tsx';
import { ACTION_META } from '../actions/action-meta.tsx';
import type { EntryAction } from '../actions/entry-actions.ts';
import { useMoveEntriesTo } from '../actions/useMoveEntriesTo.ts';
import { useDropTarget } from '../dnd/useDropTarget.ts';
import { useDriveUi } from '../layout/drive-context.ts';

type Crumb = { id: number | null; name: string; to: string; isDropTarget?: boolean };

/** A crumb above the open folder: a link that takes dropped entries (a move there). */
function CrumbLink({ crumb }: { crumb: Crumb }) {
  const moveTo = useMoveEntriesTo();
  const { isOver, dropProps } = useDropTarget({
    onEntries: (ids) => moveTo(ids, { id: crumb.id, name: crumb.name }),
    isDisabled: crumb.isDropTarget === false,
  });
  return (
    <Link
      to={crumb.to}
      {...dropProps}
      data-testid="crumb"
      className={clsx(
        'block max-w-[200px] truncate rounded-kosh px-2 py-1 text-xl text-fg-muted hover:bg-bg-alt hover:text-fg',
        isOver && 'bg-bg-chip outline-2 outline-dashed outline-primary',
        focusRing,
      )}
    >
      {crumb.name}
    </Link>
  );
}

type Props = {
  path: FileEntry[];
  folderActions: EntryAction[][];
  onFolderAction: (action: EntryAction) => void;
  isMobile: boolean;
};

/** Breadcrumbs (UI.md, 20 px): Home, the folders above, and the open folder, whose crumb opens its menu. */
export function Breadcrumbs({ path, folderActions, onFolderAction, isMobile }: Props) {
  const { trans } = useTrans();
  const ui = useDriveUi();
  // A folder shared with the caller hangs below Shared with me, and takes new entries only with edit.
  const isShared = !!path[0]?.permission;
  const canWrite = !path.at(-1)?.permission || path.at(-1)?.permission === 'edit';
  const top: Crumb = isShared
    ? { id: null, name: trans('Shared with me'), to: '/drive/shares', isDropTarget: false }
    : { id: null, name: trans('Home'), to: '/drive' };
  const crumbs: Crumb[] = [
    top,
    ...path.map((f) => ({
      id: f.id,
      name: f.name,
      to: `/drive/folders/${f.hash}`,
      isDropTarget: !f.permission || f.permission === 'edit',
    })),
  ];
  const current = crumbs.at(-1) ?? top;
  const above = crumbs.slice(0, -1);
  const keep = isMobile ? 0 : 2;
  const hidden = above.length > keep + 1 ? above.slice(isMobile ? 0 : 1, above.length - keep) : [];
  const shown = hidden.length ? [...(isMobile ? [] : [above[0]]), null, ...above.slice(above.length - keep)] : above;
  return (
    <nav aria-label={trans('Breadcrumbs')} className="min-w-0">
      <ol className="flex min-w-0 items-center">
        {shown.map((crumb, i) => (
          <Fragment key={crumb ? String(crumb.id) : 'more'}>
            <li className="min-w-0 shrink">
              {crumb ? (
                <CrumbLink crumb={crumb} />
              ) : (
                <Dropdown
                  aria-label={trans('More folders')}
                  placement="bottom start"
                  trigger={
                    <AriaButton
                      aria-label={trans('More folders')}
                      className={clsx(
                        'inline-flex size-9 items-center justify-center rounded-kosh text-fg-muted hover:bg-bg-alt',
                        focusRing,
                      )}
                    >
                      <Ellipsis size={20} aria-hidden />
                    </AriaButton>
                  }
                >
                  {hidden.map((h) => (
                    <MenuItem key={String(h.id)} id={String(h.id)} href={h.to}>
                      {h.name}
                    </MenuItem>
                  ))}
                </Dropdown>
              )}
            </li>
            {i < shown.length && <ChevronRight size={20} className="shrink-0 text-fg-muted" aria-hidden />}
          </Fragment>
        ))}
        <li className="min-w-0 shrink">
          <Dropdown
            aria-label={current.name}
            placement="bottom start"
            minWidth={240}
            onAction={(key) => {
              const id = String(key);
              if (id === 'new-folder') ui.openNewFolder();
              else if (id === 'upload-files') ui.pickFiles();
              else if (id === 'upload-folder') ui.pickFolder();
              else onFolderAction(id as EntryAction);
            }}
            trigger={
              <AriaButton
                aria-current="page"
                data-testid="current-crumb"
                className={clsx(
                  'flex min-w-0 items-center gap-1 rounded-kosh py-1 pr-1 pl-2 text-xl text-fg hover:bg-bg-alt',
                  focusRing,
                )}
              >
                <span className="truncate">{current.name}</span>
                <ChevronDown size={20} className="shrink-0 text-fg-muted" aria-hidden />
              </AriaButton>
            }
          >
            {canWrite && (
              <MenuItem id="new-folder" icon={<FolderPlus size={18} />}>
                {trans('New folder')}
              </MenuItem>
            )}
            {canWrite && (
              <MenuItem id="upload-files" icon={<FileUp size={18} />}>
                {trans('Upload files')}
              </MenuItem>
            )}
            {canWrite && (
              <MenuItem id="upload-folder" icon={<FolderUp size={18} />}>
                {trans('Upload folder')}
              </MenuItem>
            )}
            {folderActions.map((group, i) => (
              <Fragment key={group.join()}>
                {(canWrite || i > 0) && <MenuDivider />}
                {group.map((action) => {
                  const meta = ACTION_META[action];
                  return (
                    <MenuItem key={action} id={action} icon={<meta.icon size={18} />} danger={meta.danger}>
                      {trans(meta.label)}
                    </MenuItem>
                  );
                })}
              </Fragment>
            ))}
          </Dropdown>
        </li>
      </ol>
    </nav>
  );
}
