import type { ReactNode } from 'react';
import { CircleAlert, SearchX, type LucideIcon } from 'lucide-react';
import { isApiError } from '../../api/api-error.ts';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';

/** What an empty list says before anything exists (no search, no filter). */
export type EmptyCopy = { icon: LucideIcon; heading: string; help: string; action?: ReactNode };

function Message({ icon: Icon, heading, help, action }: EmptyCopy) {
  return (
    <div data-testid="table-message" className="flex flex-col items-center gap-2 px-6 py-14 text-center">
      <Icon size={64} strokeWidth={1.25} className="mb-2 text-fg-muted" aria-hidden />
      <p className="text-xl font-medium text-fg">{heading}</p>
      <p className="max-w-[420px] text-sm text-fg-muted">{help}</p>
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

/** Nothing yet, or nothing matching the search and filters (with a way back). */
export function TableEmpty({
  empty,
  isNarrowed,
  onClear,
}: {
  empty: EmptyCopy;
  isNarrowed: boolean;
  onClear: () => void;
}) {
  const { trans } = useTrans();
  if (!isNarrowed) return <Message {...empty} heading={trans(empty.heading)} help={trans(empty.help)} />;
  return (
    <Message
      icon={SearchX}
      heading={trans('Nothing matches')}
      help={trans('Try other words, or fewer filters.')}
      action={
        <Button variant="secondary" onPress={onClear}>
          {trans('Clear filters')}
        </Button>
      }
    />
  );
}

/** The list could not be read: the server's reason when it gave one, and a retry. */
export function TableError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { trans } = useTrans();
  const reason = isApiError(error) ? error.displayMessage : undefined;
  return (
    <div role="alert">
      <Message
        icon={CircleAlert}
        heading={trans('The list could not be loaded')}
        help={reason ?? trans('Check your connection and try again.')}
        action={<Button onPress={onRetry}>{trans('Try again')}</Button>}
      />
    </div>
  );
}

/** Grey bars in the shape of rows while the first page loads (UI.md: skeletons, not spinners). */
export function TableSkeleton({ rows = 6, columns }: { rows?: number; columns: number }) {
  const { trans } = useTrans();
  const rowIds = Array.from({ length: rows }, (_, i) => `row-${i}`);
  const columnIds = Array.from({ length: columns }, (_, i) => `column-${i}`);
  return (
    <div role="status" aria-label={trans('Loading')} className="flex flex-col">
      {rowIds.map((rowId) => (
        <div key={rowId} className="flex h-14 items-center gap-6 border-b border-divider px-4 last:border-b-0">
          {columnIds.map((columnId, col) => (
            <span
              key={columnId}
              className="h-3 flex-1 animate-pulse rounded-full bg-divider"
              style={{ maxWidth: col === 0 ? 220 : 120 }}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
