import { useContext, useEffect, useState, type KeyboardEvent, type Ref } from 'react';
import clsx from 'clsx';
import { Search, X } from 'lucide-react';
import { ComboBox, ComboBoxStateContext, Input, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { FileEntry } from '@kosh/contracts';
import { POPOVER_COLLISION_PADDING_PX } from '@kosh/contracts/constants';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { iconButtonClasses } from '../../ui/button-styles.ts';
import { startDownload } from '../actions/useEntryActions.tsx';
import { FileIcon } from '../file-view/FileIcon.tsx';
import { LazyPreviewer } from '../preview/LazyPreviewer.tsx';
import { locationLabel } from '../entry-format.ts';
import { suggestionTarget } from './suggestions.ts';
import { useSearchSuggestions } from './useSearchSuggestions.ts';

// The previewer loads when a suggested file is opened, not with the navbar.

type FieldProps = {
  value: string;
  hasSuggestions: boolean;
  onClear: () => void;
  onSubmit: () => void;
  inputRef?: Ref<HTMLInputElement>;
};

/** The input and its clear button; Enter with no suggestion focused searches for the text. */
function SearchField({ value, hasSuggestions, onClear, onSubmit, inputRef }: FieldProps) {
  const { trans } = useTrans();
  const state = useContext(ComboBoxStateContext);
  // The names arrive after the keystroke that would have opened the list: open it when they do.
  useEffect(() => {
    if (hasSuggestions && state && !state.isOpen && state.isFocused) state.open();
  }, [hasSuggestions, state]);
  // In the capture phase: the combobox would otherwise take Enter to commit the text and stop there.
  const onKeyDownCapture = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (state?.isOpen && state.selectionManager.focusedKey != null) return;
    event.preventDefault();
    event.stopPropagation();
    state?.close();
    onSubmit();
  };
  return (
    <div className="relative flex items-center" onKeyDownCapture={onKeyDownCapture}>
      <Search size={20} className="pointer-events-none absolute left-4 text-fg-muted" aria-hidden />
      <Input
        ref={inputRef}
        type="search"
        placeholder={trans('Search files and folders')}
        className={clsx(
          'h-12 w-full rounded-full bg-bg-alt pr-12 pl-12 text-base text-fg placeholder:text-fg-muted outline-none',
          'focus:bg-bg focus:shadow-md focus:ring-1 focus:ring-divider [&::-webkit-search-cancel-button]:hidden',
        )}
      />
      {value && (
        <button
          type="button"
          aria-label={trans('Clear search')}
          onClick={onClear}
          className={clsx(iconButtonClasses('sm'), 'absolute right-2')}
        >
          <X size={18} aria-hidden />
        </button>
      )}
    </div>
  );
}

type Props = { className?: string; autoFocus?: boolean; inputRef?: Ref<HTMLInputElement> };

/**
 * The centred search field (UI.md): suggests matching names while typing (a folder opens, a file
 * previews); Enter on the text goes to /drive/search?query=.
 */
export function SearchBox({ className, autoFocus, inputRef }: Props) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const urlQuery = pathname === '/drive/search' ? (params.get('query') ?? '') : '';
  const [value, setValue] = useState(urlQuery);
  const [isTyping, setTyping] = useState(false);
  const [preview, setPreview] = useState<FileEntry | null>(null);
  useEffect(() => setValue(urlQuery), [urlQuery]);
  const suggestions = useSearchSuggestions(value, isTyping);
  const items = isTyping && value.trim() ? (suggestions.data ?? []) : [];

  const submit = () => {
    const next = new URLSearchParams(pathname === '/drive/search' ? params : undefined);
    if (value.trim()) next.set('query', value.trim());
    else next.delete('query');
    setTyping(false);
    void navigate(`/drive/search?${next.toString()}`);
  };
  const choose = (key: Key | null) => {
    const entry = items.find((e) => e.id === key);
    if (!entry) return;
    setTyping(false);
    const target = suggestionTarget(entry);
    if ('navigate' in target) void navigate(target.navigate);
    else setPreview(entry);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: the search landmark on the form itself; <search> would only wrap it
    <form role="search" onSubmit={(event) => event.preventDefault()} className={className}>
      <ComboBox
        aria-label={trans('Search files and folders')}
        inputValue={value}
        onInputChange={(text) => {
          setValue(text);
          setTyping(true);
        }}
        items={items}
        selectedKey={null}
        onSelectionChange={choose}
        allowsCustomValue
        allowsEmptyCollection={false}
        menuTrigger="input"
        autoFocus={autoFocus}
      >
        <SearchField
          value={value}
          hasSuggestions={items.length > 0}
          inputRef={inputRef}
          onClear={() => {
            setValue('');
            setTyping(false);
          }}
          onSubmit={submit}
        />
        <Popover
          offset={4}
          containerPadding={POPOVER_COLLISION_PADDING_PX}
          className={clsx(
            'w-[var(--trigger-width)] overflow-hidden rounded-kosh border border-divider bg-bg py-1 shadow-lg',
            'outline-none data-[entering]:animate-fade-in',
          )}
        >
          <ListBox<FileEntry> aria-label={trans('Suggestions')} className="outline-none" data-testid="suggestions">
            {(entry) => {
              const place = locationLabel(entry, trans);
              return (
                <ListBoxItem
                  id={entry.id}
                  textValue={entry.name}
                  className={clsx(
                    'mx-1 flex h-12 cursor-pointer items-center gap-3 rounded-[6px] px-3 text-sm text-fg outline-none',
                    'data-[focused]:bg-bg-alt',
                  )}
                >
                  <FileIcon type={entry.type} />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate">{entry.name}</span>
                    {place && <span className="truncate text-xs text-fg-muted">{place}</span>}
                  </span>
                </ListBoxItem>
              );
            }}
          </ListBox>
        </Popover>
      </ComboBox>
      {preview && (
        <LazyPreviewer
          files={[preview]}
          startId={preview.id}
          onClose={() => setPreview(null)}
          onDownload={startDownload}
          canDownload={(entry) => entry.permission !== 'view'}
        />
      )}
    </form>
  );
}
