import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import clsx from 'clsx';
import { Plus, X } from 'lucide-react';
import type { EntryTag, FileEntry } from '@kosh/contracts';
import { TAG_NAME_MAX, tagSlug } from '@kosh/contracts/tag-constants';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useAttachTags, useDetachTags, useTagSuggestions } from './tags.api.ts';

const FIELD = clsx(
  'flex min-h-10 flex-wrap items-center gap-1.5 rounded-kosh border border-divider px-2 py-1.5',
  'focus-within:border-primary focus-within:ring-1 focus-within:ring-primary',
);
const REMOVE = clsx(
  'grid size-5 shrink-0 place-items-center rounded-full text-fg-muted outline-none hover:bg-bg hover:text-fg',
  'focus-visible:ring-2 focus-visible:ring-primary',
);
const SUGGESTION = clsx(
  'inline-flex h-7 items-center gap-1 rounded-full border border-divider px-2.5 text-sm text-fg outline-none',
  'hover:bg-bg-alt focus-visible:ring-2 focus-visible:ring-primary',
);

/** The suggestion buttons of the dialog an element sits in. */
const suggestionButtons = (from: Element) => [
  ...(from.closest('[role="dialog"]')?.querySelectorAll<HTMLButtonElement>('[data-suggestion]') ?? []),
];

/**
 * Arrow keys move among the suggestions (Down from the field reaches the first); Up from the first
 * goes back to the field. Tab still walks them one by one.
 */
function moveAmongSuggestions(event: KeyboardEvent<HTMLElement>) {
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (!step) return;
  const buttons = suggestionButtons(event.currentTarget);
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at === -1) return;
  event.preventDefault();
  const next = at + step;
  if (next < 0) event.currentTarget.closest('[role="dialog"]')?.querySelector<HTMLInputElement>('input')?.focus();
  else buttons[Math.min(next, buttons.length - 1)].focus();
}

/** Every tag on any of the entries, once, by display name. */
export function tagsOfAll(entries: readonly Pick<FileEntry, 'tags'>[]): EntryTag[] {
  const byId = new Map<number, EntryTag>();
  for (const entry of entries) for (const tag of entry.tags ?? []) byId.set(tag.id, tag);
  return [...byId.values()].sort((a, b) => a.display_name.localeCompare(b.display_name));
}

/**
 * "Tags" for one or many entries: their tags as chips (x or Backspace removes one from all),
 * a field where Enter adds what was typed, and suggestions from the tags in use. Changes apply
 * at once; the dialog shows the entries as the server answers them.
 */
export function TagsDialog({ entries, onClose }: { entries: FileEntry[]; onClose: () => void }) {
  const { trans } = useTrans();
  const inputId = useId();
  const [current, setCurrent] = useState(entries);
  const [text, setText] = useState('');
  const attach = useAttachTags();
  const detach = useDetachTags();
  const entryIds = useMemo(() => entries.map((e) => e.id), [entries]);
  const tags = tagsOfAll(current);
  const suggestions = useTagSuggestions(text.trim(), true);
  const present = new Set(tags.map((t) => t.name));
  const offered = (suggestions.data?.data ?? []).filter((t) => !present.has(t.name)).slice(0, 6);

  const add = (name: string) => {
    const display = name.trim();
    if (tagSlug(display).length < 2 || attach.isPending) return;
    attach.mutate(
      { entryIds, tags: [display] },
      {
        onSuccess: ({ entries: answered }) => {
          setCurrent(answered);
          setText('');
        },
      },
    );
  };
  const remove = (tag: EntryTag) =>
    detach.mutate({ entryIds, tagIds: [tag.id] }, { onSuccess: ({ entries: answered }) => setCurrent(answered) });

  const title =
    entries.length === 1
      ? trans('Tags of :name', { name: entries[0].name })
      : trans('Tags of :count items', { count: entries.length });
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={title}
      actions={<Button onPress={onClose}>{trans('Done')}</Button>}
    >
      <div className="flex flex-col gap-3">
        <label htmlFor={inputId} className="text-sm font-medium text-fg">
          {trans('Add tag')}
        </label>
        <div className={FIELD}>
          {tags.map((tag) => (
            <span
              key={tag.id}
              data-testid="tag-chip"
              className="inline-flex h-7 max-w-full items-center gap-1 rounded-full bg-bg-chip pr-1 pl-2.5 text-sm"
            >
              <span className="truncate">{tag.display_name}</span>
              <button
                type="button"
                aria-label={trans('Remove tag :tag', { tag: tag.display_name })}
                className={REMOVE}
                onClick={() => remove(tag)}
              >
                <X size={14} aria-hidden />
              </button>
            </span>
          ))}
          <input
            id={inputId}
            value={text}
            maxLength={TAG_NAME_MAX}
            autoComplete="off"
            autoFocus
            placeholder={tags.length ? '' : trans('Type a tag and press Enter')}
            className="h-7 min-w-32 flex-1 bg-transparent text-sm text-fg outline-none placeholder:text-fg-muted"
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add(text);
              } else if (event.key === 'Backspace' && !text && tags.length) {
                remove(tags[tags.length - 1]);
              } else if (event.key === 'ArrowDown' && offered.length) {
                event.preventDefault();
                suggestionButtons(event.currentTarget)[0]?.focus();
              }
            }}
          />
        </div>
        {attach.error && <p className="text-sm text-danger">{attach.error.message}</p>}
        {offered.length > 0 && (
          <fieldset
            aria-label={trans('Suggestions')}
            className="flex flex-wrap gap-1.5"
            onKeyDown={moveAmongSuggestions}
          >
            {offered.map((tag) => (
              <button
                key={tag.id}
                type="button"
                data-suggestion
                className={SUGGESTION}
                onClick={() => add(tag.display_name)}
              >
                <Plus size={14} aria-hidden className="text-fg-muted" />
                {tag.display_name}
              </button>
            ))}
          </fieldset>
        )}
      </div>
    </Dialog>
  );
}
