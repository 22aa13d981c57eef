import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { Actor } from '../../auth/actor.ts';

/** The Upload-Checksum of a PATCH (tus checksum extension): Node's algorithm name and the base64 digest. */
export type UploadChecksum = { algorithm: string; digest: string };

/** What the Fastify route knows about one tus request, for the @tus/server hooks and stores it calls. */
export type TusRequestContext = {
  actor: Actor;
  workspaceId: number;
  res: ServerResponse;
  checksum?: UploadChecksum;
  /** The pending upload this request created (POST), so a failed creation can give its space back. */
  createdKey?: string;
  /** Called as bytes arrive, so a long PATCH keeps its upload alive. */
  onActivity?: () => void;
  /** A termination (DELETE): called once the store removed the upload, before the answer goes out. */
  onRemoved?: () => Promise<void>;
};

export const tusContext = new AsyncLocalStorage<TusRequestContext>();

/** Checksum algorithms of the tus checksum extension, by their tus names. */
export const CHECKSUM_ALGORITHMS: Record<string, string> = { sha1: 'sha1', sha256: 'sha256', md5: 'md5' };

/** Thrown to @tus/server: it answers status_code with body. */
export const tusError = (status_code: number, body: string) => ({ status_code, body });
