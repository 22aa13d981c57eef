import { useId, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { addChips, isEmail } from './email-chips.ts';
import { useShareSuggestions } from './useShareSuggestions.ts';

type Props = { chips: string[]; onChange: (chips: string[]) => void; errorMessage?: string; autoFocus?: boolean };

/**
 * Add people by email: each address becomes a chip on Enter, comma, space, paste or leaving the
 * field; Backspace in the empty field takes the last chip back. Malformed addresses show in danger.
 * With the site's share suggestions on, people the user already shares with are offered as they
 * type (a combobox: arrows choose, Enter or a click adds, Escape closes).
 */
export function EmailChipsField({ chips, onChange, errorMessage, autoFocus }: Props) {
  const { trans } = useTrans();
  const [text, setText] = useState('');
  const id = useId();
  const listId = `${id}-suggestions`;
  const offered = useShareSuggestions(text);
  const suggestions = offered.suggestions.filter((s) => !chips.includes(s.email));
  const [active, setActive] = useState(-1);
  const [isClosed, setClosed] = useState(false);
  const isOpen = !isClosed && text.trim() !== '' && suggestions.length > 0;
  const commit = (value = text) => {
    if (!value.trim()) return;
    onChange(addChips(chips, value));
    setText('');
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isOpen && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
      return;
    }
    if (isOpen && event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setClosed(true);
      return;
    }
    const chosen = isOpen && active >= 0 ? suggestions[active] : undefined;
    if (event.key === 'Enter' && chosen) {
      event.preventDefault();
      commit(chosen.email);
      return;
    }
    if ((event.key === 'Enter' || event.key === ',' || event.key === ' ' || event.key === ';') && text.trim()) {
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && !text && chips.length) {
      onChange(chips.slice(0, -1));
    }
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    commit(text + event.clipboardData.getData('text'));
  };
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        {trans('Add people by email')}
      </label>
      <div
        className={clsx(
          'flex min-h-10 flex-wrap items-center gap-1 rounded-kosh border bg-bg px-2 py-1',
          'focus-within:border-primary focus-within:ring-1 focus-within:ring-primary',
          errorMessage ? 'border-danger' : 'border-divider',
        )}
      >
        {chips.map((chip) => (
          <span
            key={chip}
            data-testid="email-chip"
            className={clsx(
              'inline-flex h-7 max-w-full items-center gap-1 rounded-full pr-1 pl-3 text-xs',
              isEmail(chip) ? 'bg-bg-chip text-fg' : 'bg-danger/10 text-danger',
            )}
          >
            <span className="truncate">{chip}</span>
            <button
              type="button"
              aria-label={trans('Remove :email', { email: chip })}
              onClick={() => onChange(chips.filter((c) => c !== chip))}
              className={clsx(
                'inline-flex size-5 shrink-0 items-center justify-center rounded-full',
                'hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-primary',
              )}
            >
              <X size={12} aria-hidden />
            </button>
          </span>
        ))}
        <input
          id={id}
          type="email"
          value={text}
          // biome-ignore lint/a11y/noAutofocus: the Share dialog opens onto its one field, as a modal dialog should
          autoFocus={autoFocus}
          autoComplete="off"
          // A combobox only while suggestions are on; otherwise the plain address field.
          {...(offered.isOn
            ? {
                role: 'combobox',
                'aria-autocomplete': 'list' as const,
                'aria-expanded': isOpen,
                'aria-controls': isOpen ? listId : undefined,
                'aria-activedescendant': isOpen && active >= 0 ? `${listId}-${active}` : undefined,
              }
            : {})}
          placeholder={chips.length ? '' : trans('Add people by email')}
          onChange={(event) => {
            setText(event.target.value);
            setActive(-1);
            setClosed(false);
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => commit()}
          aria-invalid={!!errorMessage || undefined}
          className={clsx(
            'h-8 min-w-[120px] flex-1 bg-transparent px-1 text-sm text-fg outline-none',
            'placeholder:text-fg-muted',
          )}
        />
      </div>
      {isOpen && (
        <div
          id={listId}
          role="listbox"
          aria-label={trans('Suggested people')}
          className="max-h-56 overflow-y-auto rounded-kosh border border-divider bg-bg py-1 shadow-md"
        >
          {suggestions.map((suggestion, index) => (
            // The input keeps focus (and its keyboard) while an option is picked with the mouse.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keyboard
            <div
              key={suggestion.email}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => commit(suggestion.email)}
              className={clsx(
                'cursor-pointer px-3 py-1.5 text-sm',
                index === active ? 'bg-bg-chip' : 'hover:bg-bg-alt',
              )}
            >
              {suggestion.name && <span className="block truncate text-fg">{suggestion.name}</span>}
              <span className={clsx('block truncate', suggestion.name ? 'text-xs text-fg-muted' : 'text-fg')}>
                {suggestion.email}
              </span>
            </div>
          ))}
        </div>
      )}
      {errorMessage && <p className="text-xs text-danger">{errorMessage}</p>}
    </div>
  );
}
