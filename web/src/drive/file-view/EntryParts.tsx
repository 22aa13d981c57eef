import type { MouseEvent } from 'react';
import clsx from 'clsx';
import { Check, EllipsisVertical, Star, Users } from 'lucide-react';
import type { FileEntry } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useViewContext } from './view-context.ts';

/** The hover and touch checkbox (UI.md); visual only: the row carries aria-selected. */
export function SelectBox({
  entry,
  isSelected,
  className,
}: {
  entry: FileEntry;
  isSelected: boolean;
  className?: string;
}) {
  const ctx = useViewContext();
  return (
    <span
      aria-hidden
      data-testid="select-box"
      onClick={(event) => {
        event.stopPropagation();
        ctx.onToggle(entry);
      }}
      onDoubleClick={(event) => event.stopPropagation()}
      className={clsx(
        'flex size-[18px] shrink-0 cursor-pointer items-center justify-center rounded-[4px] border-2',
        isSelected ? 'border-primary bg-primary text-on-primary' : 'border-fg-muted bg-bg',
        className,
      )}
    >
      {isSelected && <Check size={14} strokeWidth={3} />}
    </span>
  );
}

/** The row's ⋮: opens the context menu where it sits (pointer users; keyboard users press Shift+F10). */
export function MoreButton({ entry, className }: { entry: FileEntry; className?: string }) {
  const { trans } = useTrans();
  const ctx = useViewContext();
  const open = (event: MouseEvent) => {
    event.stopPropagation();
    ctx.onContextMenu(entry, event);
  };
  return (
    <span
      aria-hidden
      title={trans('More actions')}
      data-testid="more-actions"
      onClick={open}
      onDoubleClick={(event) => event.stopPropagation()}
      className={clsx(
        'inline-flex size-8 shrink-0 cursor-pointer items-center justify-center rounded-full text-fg-muted',
        'hover:bg-bg-chip hover:text-fg',
        className,
      )}
    >
      <EllipsisVertical size={18} />
    </span>
  );
}

/** The owner's "shared" mark on a file they shared (folders show it in their icon). */
export function SharedMark({ entry }: { entry: FileEntry }) {
  const { trans } = useTrans();
  if (!entry.is_shared || entry.type === 'folder' || entry.type === 'sharedFolder') return null;
  return (
    <Users
      size={14}
      className="shrink-0 text-fg-muted"
      aria-label={trans('Shared')}
      role="img"
      data-testid="shared-mark"
    />
  );
}

export function StarMark({ entry }: { entry: FileEntry }) {
  const { trans } = useTrans();
  if (!entry.is_starred) return null;
  return <Star size={14} className="shrink-0 fill-current text-fg-muted" aria-label={trans('Starred')} role="img" />;
}

/** Classes shared by rows and cards: hover, selected, keyboard focus and drop target. */
export function entryStateClasses(isSelected: boolean, isFocused: boolean, isOver: boolean) {
  return clsx(
    'cursor-default select-none transition-colors duration-125',
    isSelected ? 'bg-bg-chip' : 'hover:bg-bg-alt',
    isFocused && 'outline-2 -outline-offset-2 outline-primary',
    isOver && 'bg-bg-chip outline-2 -outline-offset-2 outline-dashed outline-primary',
  );
}
