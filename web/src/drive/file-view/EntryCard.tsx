import { memo, useState } from 'react';
import clsx from 'clsx';
import type { FileEntry } from '@kosh/contracts';
import { endEntryDrag, useDropTarget } from '../dnd/useDropTarget.ts';
import { iconTypeOf, isFolder } from '../file-types.ts';
import { entryStateClasses, MoreButton, SelectBox, SharedMark, StarMark } from './EntryParts.tsx';
import { FileIcon } from './FileIcon.tsx';
import { CARD_HEIGHT, TILE_HEIGHT } from './grid-layout.ts';
import { entryDomId, useViewContext } from './view-context.ts';

function Thumbnail({ entry }: { entry: FileEntry }) {
  const ctx = useViewContext();
  const [isBroken, setBroken] = useState(false);
  if (entry.thumbnail_url && !isBroken) {
    return <img src={entry.thumbnail_url} alt="" loading="lazy" draggable={false} onError={() => setBroken(true)} className="size-full object-cover" />;
  }
  return <FileIcon type={iconTypeOf(entry, ctx.userId)} size={64} />;
}

/** A grid entry (UI.md): folders as 48 px tiles, files as 180 px cards with a thumbnail. */
export const EntryCard = memo(function EntryCard({ entry }: { entry: FileEntry }) {
  const ctx = useViewContext();
  const isSelected = ctx.selected.has(entry.id);
  const isFocused = ctx.showFocus && ctx.focusedId === entry.id;
  const folder = isFolder(entry);
  const { isOver, dropProps } = useDropTarget({
    onEntries: (ids) => ctx.onMoveInto(ids, entry),
    onFiles: (sources) => ctx.onUploadInto(sources, entry),
    selfId: entry.id,
    isDisabled: !folder || !ctx.canDrag || isSelected,
  });
  const showBox = isSelected || (ctx.isMobile && ctx.selected.size > 0);
  return (
    <div
      role="gridcell"
      id={entryDomId(entry.id)}
      aria-selected={isSelected}
      data-testid="entry"
      data-entry-name={entry.name}
      draggable={ctx.canDrag}
      onDragStart={(event) => ctx.onDragStart(entry, event)}
      onDragEnd={endEntryDrag}
      onClick={(event) => ctx.onPress(entry, event)}
      onDoubleClick={() => ctx.onOpen(entry)}
      onContextMenu={(event) => ctx.onContextMenu(entry, event)}
      {...dropProps}
      style={{ height: folder ? TILE_HEIGHT : CARD_HEIGHT }}
      className={clsx('group flex min-w-0 flex-col overflow-hidden rounded-kosh', isSelected ? '' : 'bg-bg-alt', entryStateClasses(isSelected, isFocused, isOver))}
    >
      <div className={clsx('flex shrink-0 items-center pr-1', ctx.isMobile ? 'gap-2 pl-3' : 'gap-3 pl-4', folder ? 'h-full' : 'h-12')}>
        {showBox ? (
          <SelectBox entry={entry} isSelected={isSelected} className="mx-px" />
        ) : (
          <>
            <FileIcon type={iconTypeOf(entry, ctx.userId)} className="group-hover:hidden" />
            <SelectBox entry={entry} isSelected={false} className="mx-px hidden group-hover:flex" />
          </>
        )}
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-fg" title={entry.name}>
          {entry.name}
        </span>
        <SharedMark entry={entry} />
        <StarMark entry={entry} />
        <MoreButton entry={entry} />
      </div>
      {!folder && (
        <div className="mx-2 mb-2 flex min-h-0 flex-1 items-center justify-center overflow-hidden rounded-[6px] bg-bg">
          <Thumbnail entry={entry} />
        </div>
      )}
    </div>
  );
});
