import clsx from 'clsx';
import type { AdSlot } from '@kosh/contracts/ads';
import { useBootstrapData } from '../shell/bootstrap-store.ts';
import { useTrans } from '../shell/i18n/useTrans.tsx';

/** The frame's height: a leaderboard's (728 x 90), fixed so the page never jumps when the ad loads. */
export const AD_FRAME_HEIGHT = 90;

/**
 * One ad slot (spec part 2, 6 "ads"), shown only when the bootstrap data says this visitor sees it.
 * The ad runs in a sandboxed frame without allow-same-origin: an opaque origin that cannot read
 * this page, its storage or Kosh's cookies.
 */
export function AdSlotFrame({ slot, className }: { slot: AdSlot; className?: string }) {
  const { trans } = useTrans();
  const isActive = useBootstrapData().ads?.slots.includes(slot) ?? false;
  if (!isActive) return null;
  return (
    <aside aria-label={trans('Advertisement')} className={clsx('flex justify-center', className)}>
      <div className="flex w-full max-w-[728px] flex-col gap-1">
        <span className="text-xs text-fg-muted">{trans('Advertisement')}</span>
        <iframe
          src={`/ads/${slot}`}
          sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
          title={trans('Advertisement')}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="block w-full border-0"
          style={{ height: AD_FRAME_HEIGHT }}
          data-ad-slot={slot}
        />
      </div>
    </aside>
  );
}
