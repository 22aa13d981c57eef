import { lazy } from 'react';
import { HardDrive } from 'lucide-react';
import { useTrans } from '../../shell/i18n/useTrans.tsx';
import { NearViewport } from '../../ui/NearViewport.tsx';

// The form, its field and the modals behind it load as the reader nears the offer: the landing
// page's first paint needs none of them.
const StorageQuote = lazy(() => import('./StorageQuote.tsx').then((m) => ({ default: m.StorageQuote })));

/** The large-storage offer under the plan cards (spec part 2, 2 and 9): what it is, and a quote form. */
export function LargeStorageOffer() {
  const { trans } = useTrans();
  return (
    <div
      data-testid="large-storage-offer"
      className="mx-auto w-full max-w-[1200px] rounded-kosh-lg border border-divider bg-bg p-6 shadow-sm sm:p-8"
    >
      <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div className="flex items-start gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-bg-chip text-primary">
            <HardDrive size={24} aria-hidden />
          </span>
          <div>
            <h3 className="text-xl font-semibold text-fg">{trans('Need more than 5 TB?')}</h3>
            <p className="mt-1 text-sm text-fg-muted">{trans('Large storage from 5 TB at ₹0.15 per GB per month.')}</p>
          </div>
        </div>
        <NearViewport className="min-h-[68px] w-full md:w-auto md:min-w-[428px]">
          <StorageQuote />
        </NearViewport>
      </div>
    </div>
  );
}
