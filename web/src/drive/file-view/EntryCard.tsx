import { memo, useState } from 'react';
import clsx from 'clsx';
import type { FileEntry } from '@kosh/contracts';
import { iconTypeOf } from '../file-types.ts';
import { entryStateClasses, MoreButton, SelectBox, SharedMark, StarMark } from './EntryParts.tsx';
import { FileIcon } from './FileIcon.tsx';
import { CARD_HEIGHT, TILE_HEIGHT } from './grid-layout.ts';
import { useEntryItem } from './useEntryItem.ts';
import { useViewContext } from './view-context.ts';

function Thumbnail({ entry }: { entry: FileEntry }) {
  const ctx = useViewContext();
  const [isBroken, setBroken] = useState(false);
  if (entry.thumbnail_url && !isBroken) {
    return (
      <img
        src={entry.thumbnail_url}
        alt=""
        loading="lazy"
        draggable={false}
        onError={() => setBroken(true)}
        data-testid="entry-thumbnail"
        className={clsx(
          'size-full',
          // Drawings and pages are shown whole (a crop cuts their text); photos and frames fill the card.
          entry.mime === 'image/svg+xml' || entry.type === 'pdf' ? 'object-contain p-2' : 'object-cover',
          // A white page on the white card needs an edge; the shadow follows the page, not the box.
          entry.type === 'pdf' && 'drop-shadow-[0_0_1px_rgb(0_0_0/0.45)]',
        )}
      />
    );
  }
  return <FileIcon type={iconTypeOf(entry, ctx.userId)} size={64} />;
}

/** A grid entry (UI.md): folders as 48 px tiles, files as 180 px cards with a thumbnail. */
export const EntryCard = memo(function EntryCard({ entry }: { entry: FileEntry }) {
  const { ctx, isSelected, isFocused, folder, isOver, itemProps } = useEntryItem(entry);
  const showBox = isSelected || (ctx.isMobile && ctx.selected.size > 0);
  return (
    <div
      role="gridcell"
      {...itemProps}
      style={{ height: folder ? TILE_HEIGHT : CARD_HEIGHT }}
      className={clsx(
        'group flex min-w-0 flex-col overflow-hidden rounded-kosh',
        isSelected ? '' : 'bg-bg-alt',
        entryStateClasses(isSelected, isFocused, isOver),
      )}
    >
      <div
        className={clsx(
          'flex shrink-0 items-center pr-1',
          ctx.isMobile ? 'gap-2 pl-3' : 'gap-3 pl-4',
          folder ? 'h-full' : 'h-12',
        )}
      >
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
