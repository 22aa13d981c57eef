import type { FileEntry } from '@kosh/contracts';

// A small queue for the plain upload (POST file-entries), free of React so the resumable
// queue of a later issue can replace it behind the same hook.

export type UploadStatus = 'pending' | 'inProgress' | 'completed' | 'failed' | 'aborted';

export type UploadSource = { file: Blob & { name: string }; relativePath?: string };

export type UploadItem = {
  readonly id: string;
  readonly name: string;
  readonly size: number;
  readonly relativePath: string;
  readonly parentId: number | null;
  status: UploadStatus;
  percentage: number;
  bytesUploaded: number;
  errorMessage?: string;
  entry?: FileEntry;
};

export type UploadRequest = { file: UploadSource['file']; parentId: number | null; relativePath: string };
/** Sends one file; rejects with an Error whose message is the server's (or empty). */
export type UploadTransport = (request: UploadRequest, onProgress: (bytes: number) => void, signal: AbortSignal) => Promise<FileEntry>;

/** Files a folder upload must skip (spec part 2, "Upload experience"). */
export const isIgnoredFile = (name: string) => name === '.DS_Store' || name.endsWith('/.DS_Store');

const CONCURRENCY = 3;

export class PlainUploader {
  private items: UploadItem[] = [];
  private readonly files = new Map<string, UploadSource['file']>();
  private readonly controllers = new Map<string, AbortController>();
  private readonly listeners = new Set<() => void>();
  private readonly transport: UploadTransport;
  private readonly onFinished?: (item: UploadItem) => void;
  private seq = 0;

  constructor(transport: UploadTransport, options: { onFinished?: (item: UploadItem) => void } = {}) {
    this.transport = transport;
    this.onFinished = options.onFinished;
  }

  getItems = (): readonly UploadItem[] => this.items;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Queues files into a folder (null = root); .DS_Store files are left out. */
  add(sources: readonly UploadSource[], parentId: number | null): UploadItem[] {
    const added = sources
      .filter((s) => !isIgnoredFile(s.relativePath || s.file.name))
      .map((s): UploadItem => {
        const id = `u${++this.seq}`;
        this.files.set(id, s.file);
        return { id, name: s.file.name, size: s.file.size, relativePath: s.relativePath ?? '', parentId, status: 'pending', percentage: 0, bytesUploaded: 0 };
      });
    if (!added.length) return added;
    this.items = [...this.items, ...added];
    this.emit();
    this.pump();
    return added;
  }

  abort(id: string): void {
    const item = this.items.find((i) => i.id === id);
    if (!item || (item.status !== 'pending' && item.status !== 'inProgress')) return;
    this.controllers.get(id)?.abort();
    this.update(id, { status: 'aborted', percentage: 0, bytesUploaded: 0 });
    this.pump();
  }

  /** Removes every upload that is not in progress (spec part 2, 4 "Clear inactive"). */
  clearInactive(): void {
    this.items = this.items.filter((i) => i.status === 'inProgress' || i.status === 'pending');
    for (const id of this.files.keys()) if (!this.items.some((i) => i.id === id)) this.files.delete(id);
    this.emit();
  }

  /** Three at a time, one while a folder upload (relative path) runs, so its folders are made once. */
  private limit(): number {
    return this.items.some((i) => i.status === 'inProgress' && i.relativePath) ? 1 : CONCURRENCY;
  }

  private pump(): void {
    for (;;) {
      const running = this.items.filter((i) => i.status === 'inProgress').length;
      const next = this.items.find((i) => i.status === 'pending');
      if (!next || running >= this.limit() || (running > 0 && next.relativePath)) return;
      void this.start(next);
    }
  }

  private async start(item: UploadItem): Promise<void> {
    const controller = new AbortController();
    this.controllers.set(item.id, controller);
    this.update(item.id, { status: 'inProgress' });
    const file = this.files.get(item.id)!;
    try {
      const entry = await this.transport({ file, parentId: item.parentId, relativePath: item.relativePath }, (bytes) => {
        this.update(item.id, { bytesUploaded: bytes, percentage: item.size ? Math.min(100, Math.round((bytes / item.size) * 100)) : 100 });
      }, controller.signal);
      if (controller.signal.aborted) return;
      this.update(item.id, { status: 'completed', percentage: 100, bytesUploaded: item.size, entry });
    } catch (error) {
      if (controller.signal.aborted) return;
      this.update(item.id, { status: 'failed', errorMessage: error instanceof Error ? error.message : '' });
    } finally {
      this.controllers.delete(item.id);
      this.files.delete(item.id);
    }
    const finished = this.items.find((i) => i.id === item.id);
    if (finished) this.onFinished?.(finished);
    this.pump();
  }

  private update(id: string, patch: Partial<UploadItem>): void {
    this.items = this.items.map((i) => (i.id === id ? { ...i, ...patch } : i));
    this.emit();
  }

  private emit(): void {
    this.listeners.forEach((l) => l());
  }
}
