import type { IncomingMessage } from 'node:http';
import type { DataStore } from '@tus/server';
import type { PendingUploadRow } from '../pending-uploads.repository.ts';
import type { FinishedBytes } from '../upload-finalizer.ts';

/** Ends a PATCH's write early, keeping what arrived (the client left, or another request needs the upload). */
export type StopWrite = () => void;

/**
 * Where resumable uploads keep their bytes until they finish: the @tus/server data store, and
 * what the uploads service and the PATCH streamer need of it. Local disk (local-backend.ts) and
 * S3 (s3-backend.ts) implement it.
 */
export interface TusBackend {
  readonly store: DataStore;
  /** The store's id of an upload: the UUID on disk, the entry key on S3 (completed in place). */
  storeIdOf(uuid: string): string;
  /**
   * Streams a PATCH body into upload `storeId` at `offset`, at most `limit` bytes; answers the new
   * offset. `onStop` receives what ends the write early (and may call it at once: the write then
   * keeps nothing of the body).
   */
  writeBody(
    req: IncomingMessage,
    storeId: string,
    offset: number,
    limit: number,
    onStop: (stop: StopWrite) => void,
  ): Promise<number>;
  /** Moves a finished upload's bytes under its key; answers what is there. */
  place(row: PendingUploadRow): Promise<FinishedBytes>;
  /** Removes an upload from the store; one already gone is no error. */
  remove(storeId: string): Promise<void>;
  exists(storeId: string): Promise<boolean>;
  listUploads(): AsyncIterable<{ id: string; modified: Date }>;
  /** Lets go of what the store holds (the hashing worker on local disk). */
  close(): Promise<void>;
}

export const uploadExists = (store: DataStore, id: string): Promise<boolean> =>
  store.getUpload(id).then(
    () => true,
    () => false,
  );

export const removeUpload = (store: DataStore, id: string): Promise<void> =>
  store.remove(id).catch((error: unknown) => {
    if ((error as { status_code?: number })?.status_code !== 404) throw error;
  });
