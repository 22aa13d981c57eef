import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useCurrentUser } from '../../shell/bootstrap-store.ts';
import { drawnSnapshot, uploadSnapshots } from './upload-snapshots.ts';
import { uploadSession } from './upload-session.ts';

/** Asks before the page is left while an upload is pending or running (its queue would be lost). */
function warnBeforeLeaving(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  event.returnValue = '';
}

/** The drive's upload queue and the uploads an earlier visit left unfinished. */
export function useUploads() {
  const session = uploadSession();
  const { queue: uploader, interrupted, loadInterrupted } = session;
  const snapshots = uploadSnapshots(session);
  const userId = useCurrentUser()?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: listed again when another person signs in
  useEffect(loadInterrupted, [userId, loadInterrupted]);
  const items = useSyncExternalStore(uploader.subscribe, snapshots.items, drawnSnapshot);
  const interruptedUploads = useSyncExternalStore(interrupted.subscribe, snapshots.interruptedUploads, drawnSnapshot);
  const dropped = useSyncExternalStore(interrupted.subscribe, snapshots.dropped, drawnSnapshot);
  const isBusy = items.some((i) => i.status === 'pending' || i.status === 'inProgress');
  useEffect(() => {
    if (!isBusy) return;
    window.addEventListener('beforeunload', warnBeforeLeaving);
    return () => window.removeEventListener('beforeunload', warnBeforeLeaving);
  }, [isBusy]);
  return useMemo(
    () => ({ uploader, items, interrupted, interruptedUploads, dropped }),
    [uploader, items, interrupted, interruptedUploads, dropped],
  );
}
