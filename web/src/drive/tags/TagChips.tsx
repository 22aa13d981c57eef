import clsx from 'clsx';
import { useLocation, useNavigate } from 'react-router';
import type { EntryTag } from '@kosh/contracts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';

const chipClass = clsx(
  'inline-flex h-5 max-w-28 min-w-0 items-center truncate rounded-full bg-bg-alt px-2 text-xs text-fg-muted',
  'outline-none hover:bg-primary/10 hover:text-fg focus-visible:ring-2 focus-visible:ring-primary',
);

/** The current address with ?tag= set: the listing shows the entries carrying it. */
export function useFilterByTag() {
  const navigate = useNavigate();
  const location = useLocation();
  return (tag: EntryTag) => {
    const params = new URLSearchParams(location.search);
    params.set('tag', tag.name);
    void navigate(`${location.pathname}?${params}`);
  };
}

/**
 * An entry's tags as small chips; a click filters the listing by the tag. `max` chips at most,
 * then "+n" (list rows stay one line).
 */
export function TagChips({ tags, max, className }: { tags: EntryTag[] | undefined; max?: number; className?: string }) {
  const { trans } = useTrans();
  const filterBy = useFilterByTag();
  if (!tags?.length) return null;
  const shown = max === undefined ? tags : tags.slice(0, max);
  const more = tags.length - shown.length;
  return (
    // Chips give way before the name does when the row is narrow.
    <span className={clsx('flex min-w-0 shrink-[100] items-center gap-1 overflow-hidden', className)}>
      {shown.map((tag) => (
        <button
          key={tag.id}
          type="button"
          title={trans('Show items tagged :tag', { tag: tag.display_name })}
          className={chipClass}
          onClick={(event) => {
            // A row's own click selects it; the chip filters instead.
            event.stopPropagation();
            filterBy(tag);
          }}
          onPointerDown={(event) => event.stopPropagation()}
          onDoubleClick={(event) => event.stopPropagation()}
        >
          <span className="truncate">{tag.display_name}</span>
        </button>
      ))}
      {more > 0 && <span className="text-xs text-fg-muted">+{more}</span>}
    </span>
  );
}
