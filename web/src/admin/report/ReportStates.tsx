import { AlertCircle } from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { Button } from '../../ui/Button.tsx';
import { cardGridClass, REPORT_CARD_COUNT } from './ReportCards.tsx';

const block = 'animate-pulse rounded bg-bg-alt';
const CARD_KEYS = Array.from({ length: REPORT_CARD_COUNT }, (_, i) => `card-${i}`);
const CHART_KEYS = ['sign-ups', 'uploads', 'space', 'types'];

/** Grey shapes where the cards and charts will be, while the first answer loads. */
export function ReportSkeleton() {
  const { trans } = useTrans();
  return (
    <div className="flex flex-col gap-4" role="status" aria-busy="true" data-testid="report-skeleton">
      <span className="sr-only">{trans('Loading')}</span>
      <div className={cardGridClass}>
        {CARD_KEYS.map((key) => (
          <div key={key} className="flex flex-col gap-3 rounded-kosh border border-divider p-4">
            <span className={`${block} h-3 w-24`} />
            <span className={`${block} h-7 w-32`} />
            <span className={`${block} h-3 w-40`} />
          </div>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {CHART_KEYS.map((key) => (
          <div key={key} className="flex flex-col gap-3 rounded-kosh border border-divider p-4">
            <span className={`${block} h-4 w-32`} />
            <span className={`${block} h-[220px] w-full`} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The report could not be read: what the server said, and a way to ask again. */
export function ReportError({ message, onRetry }: { message: string | undefined; onRetry: () => void }) {
  const { trans } = useTrans();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-kosh border border-divider px-6 py-16 text-center"
    >
      <AlertCircle size={64} strokeWidth={1.25} className="text-fg-muted" aria-hidden />
      <p className="text-base font-medium text-fg">{trans('The report could not be loaded')}</p>
      {message && <p className="max-w-[60ch] text-sm text-fg-muted">{message}</p>}
      <Button variant="secondary" onPress={onRetry}>
        {trans('Try again')}
      </Button>
    </div>
  );
}
