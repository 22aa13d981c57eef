import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ObjectTooLargeError,
  type PutOptions,
  type StagedObject,
  type StorageDriver,
} from '../../storage/storage-driver.ts';

/** Objects in memory: staged, then committed or discarded; maxBytes enforced as the drivers do. */
export class FakeStorage implements Pick<StorageDriver, 'putStaged' | 'delete'> {
  readonly objects = new Map<string, Buffer>();
  readonly staged = new Map<string, Buffer>();
  readonly discarded: string[] = [];
  readonly deleted: string[] = [];
  /** How many writes began, kept or not. */
  writes = 0;

  async putStaged(key: string, body: Readable, options: PutOptions = {}): Promise<StagedObject> {
    this.writes++;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (options.maxBytes !== undefined && size > options.maxBytes) {
        body.destroy();
        throw new ObjectTooLargeError(options.maxBytes);
      }
      chunks.push(Buffer.from(chunk));
    }
    const bytes = Buffer.concat(chunks);
    this.staged.set(key, bytes);
    return {
      key,
      size,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      commit: async () => {
        this.staged.delete(key);
        this.objects.set(key, bytes);
      },
      discard: async () => {
        this.staged.delete(key);
        this.discarded.push(key);
      },
    };
  }

  async delete(key: string): Promise<void> {
    this.objects.delete(key);
    this.deleted.push(key);
  }
}
