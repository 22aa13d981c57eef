import { memo, useId, useLayoutEffect, useRef } from 'react';
import clsx from 'clsx';
import { placeholderMismatch } from '@kosh/contracts/localization-constants';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import type { TranslationRow } from './translation-rows.ts';

type Props = {
  row: TranslationRow;
  onChange: (row: TranslationRow, value: string) => void;
};

const textareaClasses = clsx(
  'block w-full min-w-0 resize-none overflow-hidden rounded-kosh border border-divider bg-bg px-3 py-2',
  'text-sm leading-5 text-fg placeholder:text-fg-muted outline-none',
  'transition-[border-color,box-shadow] duration-125 ease-kosh',
  'focus:border-primary focus:ring-1 focus:ring-primary',
);

/** Grows the box with its text, so a long line shows whole without a scrollbar of its own. */
function useGrowingTextarea(value: string) {
  const ref = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    box.style.height = `${box.scrollHeight + 2}px`;
  }, [value]);
  return ref;
}

/**
 * One line: the English source (or the key, for a key only this localization has) beside a box
 * holding its translation, labelled by the source. A translation that loses or adds a `:name`
 * placeholder of its source says so under the box.
 */
export const TranslationRowView = memo(function TranslationRowView({ row, onChange }: Props) {
  const { trans } = useTrans();
  const sourceId = useId();
  const hintId = useId();
  const ref = useGrowingTextarea(row.value);
  const mismatch = row.value ? placeholderMismatch(row.source ?? row.key, row.value) : { missing: [], extra: [] };
  const hint = mismatch.missing.length
    ? trans('Keep :placeholders as in the English line.', { placeholders: mismatch.missing.join(' ') })
    : mismatch.extra.length
      ? trans(':placeholders is not in the English line.', { placeholders: mismatch.extra.join(' ') })
      : '';
  return (
    <div
      data-testid="translation-row"
      data-changed={row.isChanged || undefined}
      className={clsx(
        'grid gap-2 border-b border-divider py-3 pl-3 md:grid-cols-2 md:gap-6',
        row.isChanged ? 'border-l-2 border-l-primary' : 'border-l-2 border-l-transparent',
      )}
    >
      <div className="min-w-0 md:pt-[9px]">
        <p id={sourceId} className="text-sm break-words whitespace-pre-wrap text-fg">
          {row.source ?? row.key}
        </p>
        {row.source === null && (
          <p className="mt-0.5 text-xs text-fg-muted">{row.isAdded ? trans('New key') : trans('Added key')}</p>
        )}
      </div>
      <div className="min-w-0">
        <textarea
          ref={ref}
          rows={1}
          aria-labelledby={sourceId}
          aria-describedby={hint ? hintId : undefined}
          aria-invalid={hint ? true : undefined}
          value={row.value}
          placeholder={trans('Not translated')}
          onChange={(event) => onChange(row, event.target.value)}
          spellCheck
          className={clsx(textareaClasses, hint && 'border-danger')}
        />
        {hint && (
          <p id={hintId} className="mt-1 text-xs text-danger">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
});
