import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useCurrentUser } from '../../shell/bootstrap-store.ts';
import { uploadSession } from './upload-session.ts';

/** Asks before the page is left while an upload is pending or running (its queue would be lost). */
function warnBeforeLeaving(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers show the prompt only when returnValue is set.
  event.returnValue = '';
}

// The server draws a drive with nothing uploading (one array each, as a snapshot must be stable).
const NONE: never[] = [];
const none = () => NONE;

/** The drive's upload queue and the uploads an earlier visit left unfinished. */
export function useUploads() {
  const { queue: uploader, interrupted, loadInterrupted } = uploadSession();
  const userId = useCurrentUser()?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: listed again when another person signs in
  useEffect(loadInterrupted, [userId, loadInterrupted]);
  const items = useSyncExternalStore(uploader.subscribe, uploader.getItems, none);
  const interruptedUploads = useSyncExternalStore(interrupted.subscribe, interrupted.getUploads, none);
  const dropped = useSyncExternalStore(interrupted.subscribe, interrupted.getDropped, none);
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
