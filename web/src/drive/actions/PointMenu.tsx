import { Fragment, useRef, type Key } from 'react';
import clsx from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { Menu as AriaMenu, Popover } from 'react-aria-components';
import { DROPDOWN_MAX_HEIGHT_PX, POPOVER_COLLISION_PADDING_PX } from '@kosh/contracts/constants';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { MenuDivider, MenuItem } from '../../ui/Menu.tsx';
import type { Point } from '../file-view/FileView.tsx';
import { ACTION_META } from './action-meta.tsx';
import { ACTION_SHORTCUTS, type EntryAction } from './entry-actions.ts';

export type PointMenuItem = { id: string; label: string; icon: LucideIcon; danger?: boolean; end?: string };

/** Menu items of entry actions, with their shortcut hints. */
export const actionItems = (groups: EntryAction[][]): PointMenuItem[][] =>
  groups.map((group) => group.map((action) => ({ id: action, ...ACTION_META[action], end: ACTION_SHORTCUTS[action] })));

type Props = {
  at: Point;
  label: string;
  groups: PointMenuItem[][];
  onAction: (id: string) => void;
  onClose: () => void;
};

/** A context menu at the pointer (or at the focused entry): items in groups, shortcut hints right-aligned. */
export function PointMenu({ at, label, groups, onAction, onClose }: Props) {
  const { trans } = useTrans();
  const anchor = useRef<HTMLDivElement>(null);
  return (
    <>
      <div ref={anchor} aria-hidden style={{ position: 'fixed', left: at.x, top: at.y, width: 1, height: 1 }} />
      <Popover
        triggerRef={anchor}
        isOpen
        onOpenChange={(open) => !open && onClose()}
        placement={at.y > window.innerHeight / 2 ? 'top start' : 'bottom start'}
        offset={2}
        maxHeight={DROPDOWN_MAX_HEIGHT_PX}
        containerPadding={POPOVER_COLLISION_PADDING_PX}
        style={{ minWidth: 240 }}
        className={clsx(
          'flex flex-col overflow-hidden rounded-kosh border border-divider bg-bg py-1 shadow-lg outline-none',
          'data-[entering]:animate-fade-in',
        )}
      >
        <AriaMenu
          aria-label={label}
          autoFocus="first"
          onAction={(key: Key) => onAction(String(key))}
          onClose={onClose}
          className="min-h-0 overflow-y-auto outline-none"
        >
          {groups.map((group, i) => (
            <Fragment key={group.map((item) => item.id).join()}>
              {i > 0 && <MenuDivider />}
              {group.map((item) => (
                <MenuItem key={item.id} id={item.id} icon={<item.icon size={18} />} danger={item.danger} end={item.end}>
                  {trans(item.label)}
                </MenuItem>
              ))}
            </Fragment>
          ))}
        </AriaMenu>
      </Popover>
    </>
  );
}
