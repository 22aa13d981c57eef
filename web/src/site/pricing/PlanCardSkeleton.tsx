/** A card's shape while the plans load. */
function PlanCardSkeleton() {
  return (
    <div className="flex flex-1 animate-pulse flex-col rounded-kosh-lg bg-bg p-6 shadow-sm ring-1 ring-divider">
      <div className="h-6 w-24 rounded-kosh bg-divider" />
      <div className="mt-2 h-4 w-28 rounded-kosh bg-divider" />
      <div className="mt-5 h-9 w-32 rounded-kosh bg-divider" />
      <div className="mt-5 h-10 w-full rounded-kosh bg-divider" />
      <div className="mt-5 flex flex-col gap-3 border-t border-divider pt-5">
        <div className="h-4 w-full rounded-kosh bg-divider" />
        <div className="h-4 w-5/6 rounded-kosh bg-divider" />
        <div className="h-4 w-4/6 rounded-kosh bg-divider" />
      </div>
    </div>
  );
}

const SKELETON_CARDS = ['a', 'b', 'c', 'd'];
export const planGrid = 'flex flex-wrap items-stretch justify-center gap-6';
export const planCell = 'flex w-full max-w-[22rem] grow basis-[13rem] flex-col';

/** Four card outlines while the plans load (a list, not spinners: UI.md). */
export function PlanCardsSkeleton({ label }: { label: string }) {
  return (
    <div className={planGrid} aria-busy="true">
      <span className="sr-only">{label}</span>
      {SKELETON_CARDS.map((key) => (
        <div key={key} className={planCell}>
          <PlanCardSkeleton />
        </div>
      ))}
    </div>
  );
}
