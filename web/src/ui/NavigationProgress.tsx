import { useNavigation } from 'react-router';
import { NAV_PROGRESS_DELAY_MS } from '@kosh/contracts/constants';
import { useTrans } from '../shell/i18n/useTrans.tsx';
import { useDelayedFlag } from './Spinner.tsx';

/** A 2 px bar at the top once navigation has been loading for 50 ms (part 1, 2.2). */
export function NavigationProgress() {
  const navigation = useNavigation();
  const { trans } = useTrans();
  const isVisible = useDelayedFlag(navigation.state !== 'idle', NAV_PROGRESS_DELAY_MS, 0);
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
