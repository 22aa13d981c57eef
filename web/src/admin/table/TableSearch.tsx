import { useEffect, useRef, useState } from 'react';
import clsx from 'clsx';
import { Search, X } from 'lucide-react';
import { Input, SearchField } from 'react-aria-components';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { iconButtonClasses } from '../../ui/button-styles.ts';
import { MAX_QUERY_LENGTH, SEARCH_DEBOUNCE_MS } from './table-state.ts';

type Props = {
  /** The search in the URL. */
  value: string;
  /** Called once typing pauses; replace is true while refining a search already made. */
  onSearch: (query: string, replace: boolean) => void;
  label: string;
  className?: string;
};

/** The table's search box: asks the list once typing pauses; Escape or the cross clears it. */
export function TableSearch({ value, onSearch, label, className }: Props) {
  const { trans } = useTrans();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const search = useRef(onSearch);
  search.current = onSearch;
  // Back, forward and Clear filters change the URL: the box follows.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const next = text.trim();
    if (next === sent.current) return;
    const timer = setTimeout(() => {
      search.current(next, !!sent.current && !!next);
      sent.current = next;
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <SearchField
      aria-label={label}
      value={text}
      onChange={setText}
      maxLength={MAX_QUERY_LENGTH}
      className={clsx('group relative flex min-w-0 items-center', className)}
    >
      <Search size={18} className="pointer-events-none absolute left-3 text-fg-muted" aria-hidden />
      <Input
        placeholder={label}
        className={clsx(
          'h-10 w-full min-w-0 rounded-kosh border border-divider bg-bg pr-10 pl-10 text-sm text-fg outline-none',
          'placeholder:text-fg-muted transition-[border-color,box-shadow] duration-125 ease-kosh',
          'data-[focused]:border-primary data-[focused]:ring-1 data-[focused]:ring-primary',
          '[&::-webkit-search-cancel-button]:hidden',
        )}
      />
      {text && (
        <button
          type="button"
          aria-label={trans('Clear search')}
          onClick={() => setText('')}
          className={clsx(iconButtonClasses('sm'), 'absolute right-1')}
        >
          <X size={16} aria-hidden />
        </button>
      )}
    </SearchField>
  );
}
