import { useEffect, useId, useState } from 'react';
import clsx from 'clsx';
import { TriangleAlert } from 'lucide-react';
import { useTrans } from '../../../shell/i18n/useTrans.tsx';
import { focusRing } from '../../../ui/button-styles.ts';
import { inputClasses } from '../../../ui/TextField.tsx';
import { contrastIssues } from './contrast.ts';
import { COLOR_TOKEN_LABELS } from './theme-draft.ts';

type Props = {
  token: string;
  values: Record<string, string>;
  onChange: (value: string) => void;
  errorMessage?: string;
};

const HEX = /^#[0-9a-f]{6}$/i;

/** One colour token: a native picker and the hex, with a warning for any checked pair below 4.5:1. */
export function ColorField({ token, values, onChange, errorMessage }: Props) {
  const { trans } = useTrans();
  const id = useId();
  const value = values[token] ?? '';
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const label = trans(COLOR_TOKEN_LABELS[token] ?? token);
  const issues = contrastIssues(token, values);
  const hasHexError = !HEX.test(text);
  const error = errorMessage ?? (hasHexError ? trans('Use a colour such as #1a73e8.') : undefined);
  return (
    <div className="flex flex-col gap-1" data-token={token}>
      <label htmlFor={`${id}-hex`} className="text-sm font-medium text-fg">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={trans(':label colour picker', { label })}
          value={HEX.test(value) ? value.toLowerCase() : '#000000'}
          onChange={(event) => onChange(event.target.value)}
          className={clsx('h-10 w-12 shrink-0 cursor-pointer rounded-kosh border border-divider bg-bg p-1', focusRing)}
        />
        <input
          id={`${id}-hex`}
          value={text}
          spellCheck={false}
          aria-invalid={!!error || undefined}
          aria-describedby={error || issues.length ? `${id}-help` : undefined}
          onChange={(event) => {
            const next = event.target.value.trim();
            setText(next);
            if (HEX.test(next)) onChange(next.toLowerCase());
          }}
          className={clsx(inputClasses, 'font-mono', error && 'border-danger')}
        />
      </div>
      <div id={`${id}-help`}>
        {error && <p className="text-xs text-danger">{error}</p>}
        {issues.map((issue) => (
          <p key={issue.other} className="flex items-start gap-1 text-xs text-fg-muted">
            <TriangleAlert size={14} className="mt-px shrink-0 text-danger" aria-hidden />
            <span>
              {trans('Low contrast with :other: :ratio to 1 (at least 4.5 to 1 is needed).', {
                other: trans(COLOR_TOKEN_LABELS[issue.other] ?? issue.other),
                ratio: issue.ratio.toFixed(2),
              })}
            </span>
          </p>
        ))}
      </div>
    </div>
  );
}
