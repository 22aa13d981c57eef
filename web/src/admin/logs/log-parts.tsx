import type { ReactNode } from 'react';
import clsx from 'clsx';
import { Check, Copy } from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { useCopyToClipboard } from '../../ui/useCopyToClipboard.ts';

export type BadgeTone = 'positive' | 'danger' | 'neutral';

const tones: Record<BadgeTone, string> = {
  positive: 'border-positive text-positive',
  danger: 'border-danger text-danger',
  neutral: 'border-divider text-fg-muted',
};

/** A result or level as an outlined pill; the word carries the meaning, the colour only repeats it. */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={clsx(
        'inline-flex h-6 items-center rounded-full border px-2.5 text-xs font-medium whitespace-nowrap',
        tones[tone],
      )}
    >
      {children}
    </span>
  );
}

/** One labelled fact of a log entry's dialog. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd className="text-sm break-words text-fg">{children}</dd>
    </div>
  );
}

/**
 * Text read as code (a stack, an output): monospace, scrolling inside its box, with a copy button.
 * Prose (a message) wraps; a stack keeps its lines.
 */
export function CodeBlock({ label, text, wrap = false }: { label: string; text: string; wrap?: boolean }) {
  const { trans } = useTrans();
  const { copy, isCopied } = useCopyToClipboard();
  return (
    <section className="flex min-w-0 flex-col gap-1.5" aria-label={label}>
      <div className="flex items-center gap-2">
        <h3 className="flex-1 text-sm font-medium text-fg">{label}</h3>
        <Button
          variant="text"
          size="sm"
          onPress={() => void copy(text)}
          startIcon={isCopied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
        >
          {isCopied ? trans('Copied!') : trans('Copy')}
        </Button>
      </div>
      <pre
        // A scrolling region must be reachable by keyboard to be read.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable content
        tabIndex={0}
        className={clsx(
          'max-h-72 overflow-auto rounded-kosh border border-divider bg-bg-alt p-3 font-mono text-xs leading-5',
          'text-fg outline-none focus-visible:ring-2 focus-visible:ring-primary',
          wrap ? 'whitespace-pre-wrap [overflow-wrap:anywhere]' : 'whitespace-pre',
        )}
      >
        {text}
      </pre>
    </section>
  );
}
