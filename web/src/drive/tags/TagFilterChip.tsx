import clsx from 'clsx';
import { Tag, X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { useTagSuggestions } from './tags.api.ts';

/** "Tag: x" above a listing filtered by ?tag= (its name), removable; x is the tag's display name once known. */
export function TagFilterChip() {
  const { trans } = useTrans();
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag');
  const found = useTagSuggestions(tag ?? '', Boolean(tag));
  if (!tag) return null;
  const shown = found.data?.data.find((t) => t.name === tag)?.display_name ?? tag;
  return (
    <div className="px-2 pb-3">
      <span
        className={clsx(
          'inline-flex h-8 max-w-full items-center gap-1.5 rounded-full border border-divider pr-1 pl-3',
          'text-sm text-fg',
        )}
      >
        <Tag size={14} aria-hidden className="shrink-0 text-fg-muted" />
        <span className="truncate">{trans('Tag: :tag', { tag: shown })}</span>
        <button
          type="button"
          aria-label={trans('Remove filter')}
          className={clsx(
            'grid size-6 shrink-0 place-items-center rounded-full text-fg-muted outline-none hover:bg-bg-alt',
            'focus-visible:ring-2 focus-visible:ring-primary',
          )}
          onClick={() =>
            setParams((prev) => {
              const next = new URLSearchParams(prev);
              next.delete('tag');
              return next;
            })
          }
        >
          <X size={16} aria-hidden />
        </button>
      </span>
    </div>
  );
}
