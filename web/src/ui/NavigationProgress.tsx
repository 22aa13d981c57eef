import { useNavigation } from 'react-router';
import { NAV_PROGRESS_DELAY_MS } from '@kosh/contracts/constants';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { useDelayedFlag } from './Spinner.tsx';

/** A 2 px bar at the top once loading has lasted 50 ms (part 1, 2.2). */
function TopProgressBar({ isLoading }: { isLoading: boolean }) {
  const { trans } = useTrans();
  const isVisible = useDelayedFlag(isLoading, NAV_PROGRESS_DELAY_MS, 0);
  if (!isVisible) return null;
  return (
    <div
      role="progressbar"
      aria-label={trans('Loading')}
      aria-busy="true"
      data-testid="nav-progress"
      className="fixed inset-x-0 top-0 z-[70] h-0.5 overflow-hidden bg-primary/20"
    >
      <div className="h-full w-full origin-left animate-progress bg-primary" />
    </div>
  );
}

/** The bar while the router loads the next page. */
export function NavigationProgress() {
  const navigation = useNavigation();
  return <TopProgressBar isLoading={navigation.state !== 'idle'} />;
}

/** The bar while the first page's module loads, before the router has a page to show. */
export function FirstPageProgress() {
  return <TopProgressBar isLoading />;
}
