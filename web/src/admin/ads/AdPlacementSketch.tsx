import clsx from 'clsx';
import type { AdSlot } from '@kosh/contracts/ads';

const bar = 'rounded-sm bg-divider';
const ad = 'rounded-sm bg-primary';

const ROW_WIDTHS = ['w-full', 'w-11/12', 'w-5/6', 'w-4/5'];

/** Rows of a file list, as grey bars. */
function Rows() {
  return (
    <div className="flex flex-col gap-1">
      {ROW_WIDTHS.map((width) => (
        <div key={width} className={clsx(bar, 'h-1.5', width)} />
      ))}
    </div>
  );
}

/** A small schematic of the page a slot sits on, the slot in the primary colour (decorative). */
export function AdPlacementSketch({ slot }: { slot: AdSlot }) {
  return (
    <div
      aria-hidden
      data-testid={`ad-sketch-${slot}`}
      className="flex h-28 w-44 flex-col overflow-hidden rounded-kosh border border-divider bg-bg"
    >
      <div className="flex h-3 shrink-0 items-center gap-1 border-b border-divider bg-bg-alt px-1.5">
        <div className={clsx(bar, 'h-1 w-6')} />
        <div className={clsx(bar, 'mx-auto h-1.5 w-14')} />
      </div>
      {slot === 'landing_top' && (
        <div className="flex flex-1 flex-col gap-1.5 p-1.5">
          <div className={clsx(ad, 'h-3')} />
          <div className="flex flex-1 items-center gap-2">
            <div className="flex flex-1 flex-col gap-1">
              <div className={clsx(bar, 'h-2 w-4/5')} />
              <div className={clsx(bar, 'h-1 w-3/5')} />
              <div className="h-2 w-8 rounded-sm bg-fg-muted/40" />
            </div>
            <div className={clsx(bar, 'h-10 w-14')} />
          </div>
        </div>
      )}
      {slot === 'drive' && (
        <div className="flex flex-1">
          <div className="flex w-9 shrink-0 flex-col gap-1 border-r border-divider bg-bg-alt p-1">
            <div className="h-2 w-6 rounded-full bg-fg-muted/40" />
            <div className={clsx(bar, 'h-1')} />
            <div className={clsx(bar, 'h-1')} />
          </div>
          <div className="flex flex-1 flex-col gap-1.5 p-1.5">
            <div className={clsx(bar, 'h-1.5 w-1/2')} />
            <div className={clsx(ad, 'h-3')} />
            <Rows />
          </div>
        </div>
      )}
      {slot === 'link_page' && (
        <div className="flex flex-1 flex-col gap-1.5 p-1.5">
          <div className="flex items-center gap-1">
            <div className={clsx(bar, 'h-1.5 w-1/3')} />
            <div className="ml-auto h-2 w-6 rounded-sm bg-fg-muted/40" />
          </div>
          <div className={clsx(ad, 'h-3')} />
          <div className="mx-auto flex h-10 w-16 items-center justify-center rounded-sm border border-divider">
            <div className={clsx(bar, 'h-5 w-4')} />
          </div>
        </div>
      )}
    </div>
  );
}
