import { describe, expect, it } from 'vitest';
import type { UploadSettings } from '@kosh/contracts';
import { InterruptedUploads } from './interrupted-uploads.ts';
import { drawnSnapshot, uploadSnapshots } from './upload-snapshots.ts';
import { UploadQueue, type UploadTransport } from './upload-queue.ts';

const SETTINGS: UploadSettings = {
  max_size: 0,
  allowed_types: [],
  blocked_types: [],
  resumable: false,
  chunk_size: 1024 ** 2,
  direct_upload: false,
};

function session() {
  const never: UploadTransport = () => new Promise(() => undefined);
  const queue = new UploadQueue({
    transports: { plain: never, resumable: never, s3Simple: never, s3Multipart: never },
    settings: () => SETTINGS,
    owner: () => ({ userId: 4, workspaceId: 0 }),
    onFinished: () => undefined,
  });
  const interrupted = new InterruptedUploads({
    storage: { length: 0, key: () => null, getItem: () => null, removeItem: () => undefined },
    server: { check: async () => ({ bytes: 0 }), discard: async () => undefined },
    resume: () => undefined,
  });
  return { queue, interrupted };
}

describe('uploadSnapshots', () => {
  it('reads an idle session as the very snapshot the server drew with, so hydration finds no change', () => {
    const snapshots = uploadSnapshots(session());
    expect(snapshots.items()).toBe(drawnSnapshot());
    expect(snapshots.interruptedUploads()).toBe(drawnSnapshot());
    expect(snapshots.dropped()).toBe(drawnSnapshot());
  });

  it('reads the queue itself once it holds an upload, the same array until it changes', () => {
    const { queue, interrupted } = session();
    const snapshots = uploadSnapshots({ queue, interrupted });
    queue.add([{ file: Object.assign(new Blob(['notes']), { name: 'notes.txt', lastModified: 5 }) }], null);
    expect(snapshots.items()).toBe(queue.getItems());
    expect(snapshots.items()).toHaveLength(1);
    expect(snapshots.items()).toBe(snapshots.items());
  });
});
