import { memo, type CSSProperties } from 'react';
import clsx from 'clsx';
import type { FileEntry } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Avatar } from '../../shell/layout/Avatar.tsx';
import { entrySizeText, locationLabel, originLabel, ownerLabel } from '../entry-format.ts';
import { iconTypeOf } from '../file-types.ts';
import { entryStateClasses, MoreButton, SelectBox, SharedMark, StarMark } from './EntryParts.tsx';
import { TagChips } from '../tags/TagChips.tsx';
import { FileIcon } from './FileIcon.tsx';
import { useEntryItem } from './useEntryItem.ts';

/** Desktop list columns (UI.md): name, owner, modified, size, and the row's ⋮. */
export const LIST_COLUMNS = 'grid-cols-[minmax(0,1fr)_160px_150px_96px_48px]';
/** Without the owner column (a shareable link's visitors are not told who owns it). */
export const LIST_COLUMNS_NO_OWNER = 'grid-cols-[minmax(0,1fr)_150px_96px_48px]';
export const ROW_HEIGHT = 48;
export const MOBILE_ROW_HEIGHT = 64;

type Props = { entry: FileEntry; index: number; start: number; size: number };

/** One entry of the list view: a 48 px row on desktop, a two-line row on mobile. */
export const EntryRow = memo(function EntryRow({ entry, index, start, size: height }: Props) {
  const { trans } = useTrans();
  const { ctx, isSelected, isFocused, folder, isOver, itemProps } = useEntryItem(entry);
  // In the trash a row tells when it was deleted and where from; in search results where it lives;
  // elsewhere when it last changed and whose it is.
  const modified = ctx.formatDate((ctx.isTrash && entry.deleted_at) || entry.updated_at);
  const size = entrySizeText(entry);
  const isPlace = ctx.isTrash || ctx.isSearch;
  const owner = ctx.isTrash
    ? originLabel(entry, trans)
    : ctx.isSearch
      ? (locationLabel(entry, trans) ?? '—')
      : ownerLabel(entry, ctx.userId, trans);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      {...itemProps}
      style={{ height, transform: `translateY(${start}px)` }}
      className={clsx(
        'group absolute top-0 left-0 w-full border-b border-divider',
        ctx.isMobile
          ? 'flex items-center gap-4 px-4'
          : `grid ${ctx.showOwner ? LIST_COLUMNS : LIST_COLUMNS_NO_OWNER} items-center pl-4`,
        entryStateClasses(isSelected, isFocused, isOver),
      )}
    >
      <div role="gridcell" className="flex min-w-0 flex-1 items-center gap-3 pr-4">
        {!ctx.isMobile && (
          <span className={clsx('-ml-1 flex w-5 justify-center', !isSelected && 'hidden group-hover:flex')}>
            <SelectBox entry={entry} isSelected={isSelected} />
          </span>
        )}
        {ctx.isMobile && ctx.selected.size > 0 ? (
          <SelectBox entry={entry} isSelected={isSelected} className="mx-[3px]" />
        ) : (
          <FileIcon
            type={iconTypeOf(entry, ctx.userId)}
            size={ctx.isMobile ? 24 : 20}
            className={clsx(!ctx.isMobile && !isSelected && 'group-hover:hidden')}
          />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 items-center gap-2">
            <span className="truncate text-sm text-fg" title={entry.name}>
              {entry.name}
            </span>
            <SharedMark entry={entry} />
            <StarMark entry={entry} />
            <TagChips tags={entry.tags} max={ctx.isMobile ? 1 : 2} />
          </div>
          {ctx.isMobile && (
            <div className="truncate text-xs text-fg-muted">
              {[entry.owner || isPlace ? owner : null, modified, folder ? null : size].filter(Boolean).join(' · ')}
            </div>
          )}
        </div>
      </div>
      {!ctx.isMobile && (
        <>
          {ctx.showOwner && (
            <div role="gridcell" className="flex min-w-0 items-center gap-2 pr-4 text-sm text-fg-muted">
              {entry.owner && !isPlace && <Avatar user={entry.owner} size={24} />}
              <span className="truncate" title={owner} data-testid={ctx.isSearch ? 'entry-location' : undefined}>
                {owner}
              </span>
            </div>
          )}
          <div role="gridcell" data-testid="entry-modified" className="truncate pr-4 text-sm text-fg-muted">
            {modified}
          </div>
          <div role="gridcell" className="truncate pr-4 text-sm text-fg-muted">
            {size}
          </div>
        </>
      )}
      <div role="gridcell" className="flex justify-center">
        <MoreButton
          entry={entry}
          className={clsx(!ctx.isMobile && 'opacity-0 group-hover:opacity-100', isSelected && 'opacity-100')}
        />
      </div>
    </div>
  );
});

/** A placeholder row while a page loads (UI.md: skeleton rows instead of spinners). */
export function SkeletonRow({ style, isMobile }: { style?: CSSProperties; isMobile: boolean }) {
  return (
    <div
      aria-hidden
      data-testid="skeleton-row"
      style={style}
      className={clsx(
        'flex w-full items-center gap-3 border-b border-divider px-4',
        style ? 'absolute top-0 left-0' : isMobile ? 'h-16' : 'h-12',
      )}
    >
      <span className={clsx('shrink-0 animate-pulse rounded bg-bg-alt', isMobile ? 'size-6' : 'size-5')} />
      <span className="h-3 w-1/3 max-w-[280px] animate-pulse rounded bg-bg-alt" />
      {!isMobile && <span className="ml-auto h-3 w-40 animate-pulse rounded bg-bg-alt" />}
    </div>
  );
}
