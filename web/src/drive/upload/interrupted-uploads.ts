import { multipartStateKey, readState, type MultipartState } from './multipart-state.ts';
import { parseFingerprint, type FingerprintParts, type UploadFile } from './upload-queue.ts';

// Uploads a reload or a closed tab cut off (spec part 2, 3 and 4): tus-js-client keeps each
// resumable upload's address in local storage, the multipart upload its state under a key built
// from the fingerprint. After a reload they are listed to be resumed with the same file, or
// discarded (aborted on the server). Free of React; storage and server calls come in.

const TUS_PREFIX = 'tus::kosh.tus.';
const MULTIPART_PREFIX = multipartStateKey('');

export type InterruptedKind = 'resumable' | 'multipart';

export type InterruptedUpload = FingerprintParts & {
  /** The local storage key that holds it. */
  readonly id: string;
  readonly kind: InterruptedKind;
  readonly fingerprint: string;
  /** The tus upload address, or the multipart upload's key and id. */
  readonly ref: string | MultipartState;
  /** Bytes the server holds; null until asked (or when it could not be asked). */
  bytesUploaded: number | null;
  /** A different file was chosen to resume it. */
  isRefused: boolean;
  isDiscarding: boolean;
};

/** What the server says of an upload: the bytes it holds, gone (expired or unknown), or no answer. */
export type ServerCheck = { bytes: number } | 'gone' | 'unknown';

export type InterruptedServer = {
  check: (upload: InterruptedUpload) => Promise<ServerCheck>;
  /** Aborts it on the server; resolves when it is gone there (also when it already was). */
  discard: (upload: InterruptedUpload) => Promise<void>;
};

export type InterruptedDeps = {
  storage: Pick<Storage, 'length' | 'key' | 'getItem' | 'removeItem'>;
  server: InterruptedServer;
  /** Queues the chosen file to continue the upload. */
  resume: (upload: InterruptedUpload, file: UploadFile) => void;
};

/** True when the chosen file is the one the upload started with: name, size and modification time. */
export const isSameFile = (upload: Pick<FingerprintParts, 'name' | 'size' | 'lastModified'>, file: UploadFile) =>
  file.name === upload.name && file.size === upload.size && (file.lastModified ?? 0) === upload.lastModified;

function tusUpload(storage: InterruptedDeps['storage'], key: string): InterruptedUpload | null {
  const fingerprint = key.slice(TUS_PREFIX.length, key.lastIndexOf('::'));
  const parts = parseFingerprint(fingerprint);
  let stored: { uploadUrl?: unknown } | null = null;
  try {
    stored = JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
  if (!parts || typeof stored?.uploadUrl !== 'string') return null;
  const ref = stored.uploadUrl;
  return { ...parts, id: key, kind: 'resumable', fingerprint, ref, bytesUploaded: null, ...IDLE };
}

function multipartUpload(storage: InterruptedDeps['storage'], key: string): InterruptedUpload | null {
  const fingerprint = key.slice(MULTIPART_PREFIX.length);
  const parts = parseFingerprint(fingerprint);
  const ref = readState(storage, key);
  if (!parts || !ref) return null;
  return { ...parts, id: key, kind: 'multipart', fingerprint, ref, bytesUploaded: null, ...IDLE };
}

const IDLE = { isRefused: false, isDiscarding: false };

export class InterruptedUploads {
  private uploads: InterruptedUpload[] = [];
  /** Names of uploads the server no longer had; the panel notes they were dropped. */
  private dropped: string[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly deps: InterruptedDeps;

  constructor(deps: InterruptedDeps) {
    this.deps = deps;
  }

  getUploads = (): readonly InterruptedUpload[] => this.uploads;
  getDropped = (): readonly string[] => this.dropped;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Lists the caller's saved uploads (other people's on this browser stay untouched and unseen),
   * then asks the server what each still holds; an expired or unknown one is forgotten with a note.
   */
  async load(userId: number, skip: ReadonlySet<string> = new Set()): Promise<void> {
    const { storage } = this.deps;
    const found: InterruptedUpload[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      const upload = key?.startsWith(TUS_PREFIX)
        ? tusUpload(storage, key)
        : key?.startsWith(MULTIPART_PREFIX)
          ? multipartUpload(storage, key)
          : null;
      // tus-js-client may hold two addresses of one file (a failed start made a new one): one row.
      if (!upload || upload.userId !== userId || skip.has(upload.fingerprint)) continue;
      if (found.some((u) => u.kind === upload.kind && u.fingerprint === upload.fingerprint)) continue;
      found.push(upload);
    }
    this.uploads = found;
    this.emit();
    await Promise.all(found.map((upload) => this.check(upload)));
  }

  /**
   * Continues an upload with the file the person chose, if it is the same file; a different
   * one is refused (the row says which file it needs).
   */
  resume(id: string, file: UploadFile): boolean {
    const upload = this.uploads.find((u) => u.id === id);
    if (!upload || upload.isDiscarding) return false;
    if (!isSameFile(upload, file)) {
      this.patch(id, { isRefused: true });
      return false;
    }
    this.remove(id);
    this.deps.resume(upload, file);
    return true;
  }

  /** Aborts it on the server (tus DELETE, multipart abort) and forgets it here. */
  async discard(id: string): Promise<void> {
    const upload = this.uploads.find((u) => u.id === id);
    if (!upload || upload.isDiscarding) return;
    this.patch(id, { isDiscarding: true });
    try {
      await this.deps.server.discard(upload);
    } catch {
      // No answer: it stays listed to be discarded again.
      this.patch(id, { isDiscarding: false });
      return;
    }
    this.deps.storage.removeItem(upload.id);
    this.remove(id);
  }

  /** Unlists uploads the queue now runs again (the same file was picked the usual way). */
  release(fingerprints: ReadonlySet<string>): void {
    const kept = this.uploads.filter((u) => !fingerprints.has(u.fingerprint));
    if (kept.length === this.uploads.length) return;
    this.uploads = kept;
    this.emit();
  }

  /** Hides the list and its notes for this visit; the saved uploads stay to be resumed later. */
  dismiss(): void {
    if (!this.uploads.length && !this.dropped.length) return;
    this.uploads = this.uploads.filter((u) => u.isDiscarding);
    this.dropped = [];
    this.emit();
  }

  private async check(upload: InterruptedUpload): Promise<void> {
    let answer: ServerCheck;
    try {
      answer = await this.deps.server.check(upload);
    } catch {
      answer = 'unknown';
    }
    if (!this.uploads.some((u) => u.id === upload.id)) return;
    if (answer === 'unknown') return;
    if (answer !== 'gone') return this.patch(upload.id, { bytesUploaded: Math.min(answer.bytes, upload.size) });
    this.deps.storage.removeItem(upload.id);
    this.dropped = [...this.dropped, upload.name];
    this.remove(upload.id);
  }

  private patch(id: string, patch: Partial<InterruptedUpload>): void {
    this.uploads = this.uploads.map((u) => (u.id === id ? { ...u, ...patch } : u));
    this.emit();
  }

  private remove(id: string): void {
    this.uploads = this.uploads.filter((u) => u.id !== id);
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
