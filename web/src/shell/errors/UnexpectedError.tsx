import clsx from 'clsx';
import { useTrans } from '../i18n/useTrans.tsx';
import { PlainButton } from '../../ui/PlainButton.tsx';

/** Full-page screen for uncaught render errors (part 1, 2.2). */
export function UnexpectedError({ error }: { error?: unknown }) {
  const { trans } = useTrans();
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-bg px-6 text-center">
      <h1 className="text-2xl font-medium text-fg">{trans('Unexpected Application Error!')}</h1>
      {detail && (
        <pre
          className={clsx(
            'max-w-[640px] overflow-auto rounded-kosh bg-bg-alt',
            'p-4 text-left text-sm whitespace-pre-wrap text-danger',
          )}
        >
          {detail}
        </pre>
      )}
      <PlainButton onClick={() => window.location.reload()}>{trans('Reload page')}</PlainButton>
    </main>
  );
}
