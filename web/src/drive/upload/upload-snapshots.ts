import type { InterruptedUploads } from './interrupted-uploads.ts';
import type { UploadQueue } from './upload-queue.ts';

// The server draws a drive with nothing uploading (one array each, as a snapshot must be stable).
const NONE: never[] = [];
/** What the server drew with: nothing uploading, nothing interrupted. */
export const drawnSnapshot = () => NONE;
/**
 * A store's list, as that same array while it is empty: hydration then finds the snapshot it drew
 * with, rather than another empty array that makes React draw the whole drive again, blocking.
 */
const orNone = <T>(list: readonly T[]): readonly T[] => (list.length === 0 ? NONE : list);

/** The session's lists as useSyncExternalStore reads them in the browser. */
export function uploadSnapshots({ queue, interrupted }: { queue: UploadQueue; interrupted: InterruptedUploads }) {
  return {
    items: () => orNone(queue.getItems()),
    interruptedUploads: () => orNone(interrupted.getUploads()),
    dropped: () => orNone(interrupted.getDropped()),
  };
}
