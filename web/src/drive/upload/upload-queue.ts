import {
  UPLOAD_CONCURRENCY,
  UPLOAD_IDLE_TIMEOUT_MS,
  UPLOAD_TIMEOUT_MESSAGE,
  type FileEntry,
  type UploadSettings,
} from '@kosh/contracts';
import { chooseUploadMethod, isExclusiveUpload, type UploadMethod } from './upload-method.ts';

// The upload queue of the drive (spec part 2, 4 "Upload status"), free of React: it holds the
// items, runs up to three at a time through the transport the method choice names, and tells
// its listeners when anything changed. Transports, clock and timers come in, so the unit
// tests drive it without a browser.

export type UploadStatus = 'pending' | 'inProgress' | 'completed' | 'failed' | 'aborted';

export type UploadFile = Blob & { name: string; lastModified?: number };
export type UploadSource = { file: UploadFile; relativePath?: string };

/** The upload item of part 2, 3. */
export type UploadItem = {
  readonly id: string;
  readonly name: string;
  readonly extension: string;
  readonly mime: string;
  readonly size: number;
  readonly relativePath: string;
  readonly parentId: number | null;
  /** Stable for the same file into the same place: names the saved resume state. */
  readonly fingerprint: string;
  readonly method: UploadMethod;
  status: UploadStatus;
  percentage: number;
  bytesUploaded: number;
  /** Bytes per second, smoothed; 0 until measured. */
  speed: number;
  /** When the current try started (ms since the epoch), 0 before. */
  startedAt: number;
  errorMessage?: string;
  entry?: FileEntry;
};

export type UploadRequest = {
  file: UploadFile;
  parentId: number | null;
  relativePath: string;
  fingerprint: string;
  name: string;
  extension: string;
  mime: string;
};
/**
 * Bytes sent so far. `isResumeOffset` marks what the server already held when a resumed upload
 * starts: speed and time left count only the bytes sent after it.
 */
export type UploadProgress = (bytes: number, isResumeOffset?: boolean) => void;
/** Sends one file; rejects with an Error whose message is the server's (or empty). */
export type UploadTransport = (
  request: UploadRequest,
  onProgress: UploadProgress,
  signal: AbortSignal,
) => Promise<FileEntry>;

export type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type UploadQueueOptions = {
  transports: Record<UploadMethod, UploadTransport>;
  /** The bootstrap upload settings, read when an item is added. */
  settings: () => UploadSettings;
  /** Who uploads and into which workspace: part of each fingerprint, so saved states never cross users. */
  owner?: () => UploadOwner;
  onFinished?: (item: UploadItem) => void;
  /** The message refusing a file before it is sent (part 2, 5), or null to send it. */
  refuse?: (item: Pick<UploadItem, 'size' | 'mime' | 'extension'>, settings: UploadSettings) => string | null;
  now?: () => number;
  timers?: Timers;
};

/** Files a folder upload must skip (spec part 2, "Upload experience"). */
export const isIgnoredFile = (name: string) => name === '.DS_Store' || name.endsWith('/.DS_Store');

export const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export type UploadOwner = { userId: number; workspaceId: number };
const NOBODY: UploadOwner = { userId: 0, workspaceId: 0 };

/** What a fingerprint names: the same file, by the same person, into the same place. */
export type FingerprintParts = UploadOwner & {
  name: string;
  size: number;
  lastModified: number;
  parentId: number | null;
  relativePath: string;
};

/**
 * The uploaded-file fingerprint of part 2, 3. Each piece is URI-encoded so the fingerprint can
 * be read back (a name may hold ':'), which lists interrupted uploads after a reload.
 */
export const fingerprintOf = (
  file: UploadFile,
  parentId: number | null,
  relativePath: string,
  owner: UploadOwner = NOBODY,
) =>
  [owner.userId, owner.workspaceId, file.name, file.size, file.lastModified ?? 0, parentId ?? 'root', relativePath]
    .map((part) => encodeURIComponent(String(part)))
    .join(':');

/** The pieces of a fingerprint made by fingerprintOf, or null for anything else. */
export function parseFingerprint(fingerprint: string): FingerprintParts | null {
  const parts = fingerprint.split(':');
  if (parts.length !== 7) return null;
  let decoded: string[];
  try {
    decoded = parts.map(decodeURIComponent);
  } catch {
    return null;
  }
  const [userId, workspaceId, name, size, lastModified, parent, relativePath] = decoded;
  const numbers = [userId, workspaceId, size, lastModified].map(Number);
  if (!name || numbers.some((n) => !Number.isSafeInteger(n) || n < 0)) return null;
  const parentId = parent === 'root' ? null : Number(parent);
  if (parentId !== null && !Number.isSafeInteger(parentId)) return null;
  return {
    userId: numbers[0],
    workspaceId: numbers[1],
    name,
    size: numbers[2],
    lastModified: numbers[3],
    parentId,
    relativePath,
  };
}

/** Speed samples closer together than this are merged (a progress event per few KB is noise). */
const SPEED_SAMPLE_MS = 500;

export class UploadQueue {
  private items: UploadItem[] = [];
  private readonly files = new Map<string, UploadFile>();
  private readonly controllers = new Map<string, AbortController>();
  private readonly idleTimers = new Map<string, unknown>();
  /** Where the speed of each running upload is measured from; unset until its first report. */
  private readonly samples = new Map<string, { at: number; bytes: number }>();
  private readonly listeners = new Set<() => void>();
  private readonly options: UploadQueueOptions;
  private readonly now: () => number;
  private readonly timers: Timers;
  private seq = 0;

  constructor(options: UploadQueueOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (h) => globalThis.clearTimeout(h as number),
    };
  }

  getItems = (): readonly UploadItem[] => this.items;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Queues files into a folder (null = root); .DS_Store files are left out. `resuming` continues
   * an interrupted upload: its saved state is found by its fingerprint, and it goes the way it
   * started whatever the settings say now.
   */
  add(
    sources: readonly UploadSource[],
    parentId: number | null,
    resuming?: { method: UploadMethod; fingerprint: string },
  ): UploadItem[] {
    const settings = this.options.settings();
    const owner = this.options.owner?.() ?? NOBODY;
    const added = sources
      .filter((s) => !isIgnoredFile(s.relativePath || s.file.name))
      .map((s): UploadItem => {
        const id = `u${++this.seq}`;
        const relativePath = s.relativePath ?? '';
        this.files.set(id, s.file);
        const described = {
          extension: extensionOf(s.file.name),
          mime: s.file.type || 'application/octet-stream',
          size: s.file.size,
        };
        const refused = this.options.refuse?.(described, settings) ?? null;
        return {
          id,
          name: s.file.name,
          ...described,
          relativePath,
          parentId,
          fingerprint: resuming?.fingerprint ?? fingerprintOf(s.file, parentId, relativePath, owner),
          method: resuming?.method ?? chooseUploadMethod(s.file.size, settings),
          status: refused === null ? 'pending' : 'failed',
          percentage: 0,
          bytesUploaded: 0,
          speed: 0,
          startedAt: 0,
          ...(refused === null ? {} : { errorMessage: refused }),
        };
      });
    if (!added.length) return added;
    this.items = [...this.items, ...added];
    this.emit();
    this.pump();
    return added;
  }

  /** Stops a pending or running upload: aborted, percentage 0 (part 2, 4). */
  abort(id: string): void {
    const item = this.find(id);
    if (!item || (item.status !== 'pending' && item.status !== 'inProgress')) return;
    this.controllers.get(id)?.abort();
    this.stopIdleTimer(id);
    this.update(id, { status: 'aborted', percentage: 0, bytesUploaded: 0, speed: 0 });
    this.pump();
  }

  /** Back to pending with progress and error cleared; only from failed or aborted (part 2, 4). */
  retry(id: string): void {
    this.requeue((i) => i.id === id);
  }

  retryAllFailed(): void {
    this.requeue((i) => i.status === 'failed');
  }

  /** Removes every upload that is not in progress (part 2, 4 "Clear inactive"). */
  clearInactive(): void {
    this.items = this.items.filter((i) => i.status === 'inProgress');
    for (const id of this.files.keys()) if (!this.find(id)) this.files.delete(id);
    this.emit();
  }

  private requeue(pick: (item: UploadItem) => boolean): void {
    const ids = this.items
      .filter((i) => (i.status === 'failed' || i.status === 'aborted') && pick(i) && this.files.has(i.id))
      .map((i) => i.id);
    if (!ids.length) return;
    this.items = this.items.map((i) =>
      ids.includes(i.id)
        ? { ...i, status: 'pending', percentage: 0, bytesUploaded: 0, speed: 0, startedAt: 0, errorMessage: undefined }
        : i,
    );
    this.emit();
    this.pump();
  }

  private find(id: string): UploadItem | undefined {
    return this.items.find((i) => i.id === id);
  }

  /**
   * Three at a time; one while a running upload has a relative path (its folders are made
   * once), goes straight to storage, or is resumable over more than one chunk (part 2, 4).
   * Such an upload also waits for the others to finish before it starts.
   */
  private pump(): void {
    const chunk = this.options.settings().chunk_size;
    for (;;) {
      const running = this.items.filter((i) => i.status === 'inProgress');
      const next = this.items.find((i) => i.status === 'pending');
      if (!next) return;
      const limit = running.some((i) => isExclusiveUpload(i, chunk)) ? 1 : UPLOAD_CONCURRENCY;
      if (running.length >= limit || (running.length > 0 && isExclusiveUpload(next, chunk))) return;
      void this.start(next);
    }
  }

  private async start(item: UploadItem): Promise<void> {
    const controller = new AbortController();
    this.controllers.set(item.id, controller);
    this.update(item.id, { status: 'inProgress', startedAt: this.now() });
    this.armIdleTimer(item.id, controller);
    try {
      const file = this.files.get(item.id);
      if (!file) throw new Error('The file of this upload is no longer available.');
      const request: UploadRequest = {
        file,
        parentId: item.parentId,
        relativePath: item.relativePath,
        fingerprint: item.fingerprint,
        name: item.name,
        extension: item.extension,
        mime: item.mime,
      };
      const entry = await this.options.transports[item.method](
        request,
        (bytes, isResumeOffset) => this.progress(item.id, bytes, controller, isResumeOffset),
        controller.signal,
      );
      if (controller.signal.aborted) return;
      this.update(item.id, { status: 'completed', percentage: 100, bytesUploaded: item.size, speed: 0, entry });
      this.files.delete(item.id);
    } catch (error) {
      const timedOut = this.isTimedOut(item.id);
      if (controller.signal.aborted && !timedOut) return;
      this.update(item.id, {
        status: 'failed',
        speed: 0,
        errorMessage: timedOut ? UPLOAD_TIMEOUT_MESSAGE : error instanceof Error ? error.message : '',
      });
    } finally {
      this.controllers.delete(item.id);
      this.samples.delete(item.id);
      this.stopIdleTimer(item.id);
    }
    const finished = this.find(item.id);
    if (finished) this.options.onFinished?.(finished);
    this.pump();
  }

  private progress(id: string, bytes: number, controller: AbortController, isResumeOffset = false): void {
    if (controller.signal.aborted) return;
    const item = this.find(id);
    if (!item) return;
    this.armIdleTimer(id, controller);
    const now = this.now();
    // Speed counts the bytes of this run: from the resume offset, else from the start at 0.
    if (isResumeOffset || !this.samples.has(id))
      this.samples.set(id, isResumeOffset ? { at: now, bytes } : { at: item.startedAt, bytes: 0 });
    const sample = this.samples.get(id);
    let speed = item.speed;
    if (sample && now - sample.at >= SPEED_SAMPLE_MS) {
      const current = (Math.max(0, bytes - sample.bytes) * 1000) / (now - sample.at);
      speed = speed ? speed * 0.7 + current * 0.3 : current;
      this.samples.set(id, { at: now, bytes });
    }
    this.update(id, {
      bytesUploaded: bytes,
      speed,
      percentage: item.size ? Math.min(100, Math.floor((bytes / item.size) * 100)) : 100,
    });
  }

  // A progress-idle timeout (part 2, 4 and 9): no progress for that long fails the upload.
  private armIdleTimer(id: string, controller: AbortController): void {
    this.stopIdleTimer(id);
    this.idleTimers.set(
      id,
      this.timers.setTimeout(() => {
        this.idleTimers.set(id, 'timed-out');
        controller.abort(new Error(UPLOAD_TIMEOUT_MESSAGE));
      }, UPLOAD_IDLE_TIMEOUT_MS),
    );
  }

  private isTimedOut(id: string): boolean {
    return this.idleTimers.get(id) === 'timed-out';
  }

  private stopIdleTimer(id: string): void {
    const handle = this.idleTimers.get(id);
    if (handle !== undefined && handle !== 'timed-out') this.timers.clearTimeout(handle);
    this.idleTimers.delete(id);
  }

  private update(id: string, patch: Partial<UploadItem>): void {
    this.items = this.items.map((i) => (i.id === id ? { ...i, ...patch } : i));
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
