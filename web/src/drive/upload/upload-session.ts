import { COOKIE } from '@kosh/contracts';
import { refreshAfterUpload } from '../../api/drive-mutations.api.ts';
import { readBrowserCookie } from '../../api/http.ts';
import { queryClient } from '../../api/query-client.ts';
import { getBootstrapData } from '../../shell/bootstrap-store.ts';
import { translate } from '../../shell/i18n/translate.ts';
import { browserInterruptedServer } from './interrupted-server.ts';
import { InterruptedUploads } from './interrupted-uploads.ts';
import { RefreshThrottle } from './refresh-throttle.ts';
import { browserTransports } from './transports.ts';
import { UploadQueue } from './upload-queue.ts';
import { refuseUpload } from './upload-validation.ts';

/** Listings and the storage meter refresh at once, then at most this often while a batch uploads. */
const REFRESH_EVERY_MS = 1000;

export type UploadSession = { queue: UploadQueue; interrupted: InterruptedUploads; loadInterrupted: () => void };

let session: UploadSession | undefined;

/**
 * The page's one upload queue and list of interrupted uploads: uploads keep running (and
 * finishing into the drive) while the person is on another page of the app.
 */
export function uploadSession(): UploadSession {
  session ??= createSession();
  return session;
}

function createSession(): UploadSession {
  const settings = () => getBootstrapData().settings.uploads;
  const refresh = new RefreshThrottle(() => refreshAfterUpload(queryClient), REFRESH_EVERY_MS);
  const queue = new UploadQueue({
    transports: browserTransports(settings),
    settings,
    owner: () => ({
      userId: getBootstrapData().user?.id ?? 0,
      workspaceId: Number(readBrowserCookie(COOKIE.activeWorkspace) ?? 0) || 0,
    }),
    refuse: (file, rules) => {
      const refusal = refuseUpload(file, rules);
      return refusal && translate(getBootstrapData().i18n.lines, refusal.message, refusal.values);
    },
    // A failure shows its message in the panel (part 2, 8: the toast is optional; it would
    // cover the panel on a phone).
    onFinished: (item) => item.status === 'completed' && refresh.request(),
  });
  let storage: Storage | undefined;
  try {
    storage = window.localStorage;
  } catch {
    storage = undefined; // a sandboxed frame: nothing was saved to resume
  }
  const interrupted = new InterruptedUploads({
    storage: storage ?? { length: 0, key: () => null, getItem: () => null, removeItem: () => undefined },
    server: browserInterruptedServer,
    resume: (upload, file) =>
      queue.add([{ file, relativePath: upload.relativePath }], upload.parentId, {
        method: upload.kind === 'resumable' ? 'resumable' : 's3Multipart',
        fingerprint: upload.fingerprint,
      }),
  });
  queue.subscribe(() => interrupted.release(new Set(queue.getItems().map((i) => i.fingerprint))));
  let loadedFor: number | null = null;
  const loadInterrupted = () => {
    const userId = getBootstrapData().user?.id;
    if (!userId || loadedFor === userId) return;
    loadedFor = userId;
    void interrupted.load(userId, new Set(queue.getItems().map((i) => i.fingerprint)));
  };
  return { queue, interrupted, loadInterrupted };
}
