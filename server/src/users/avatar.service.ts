import type { Readable } from 'node:stream';
import { API_PREFIX, AVATAR_MAX_BYTES } from '@kosh/contracts';
import type { Actor } from '../auth/actor.ts';
import { systemClock, type Clock } from '../clock.ts';
import { notFound, validation } from '../http/app-error.ts';
import { FetchRefusedError, type UrlFetcher } from '../net/safe-fetch.ts';
import type { AvatarStore } from './avatar.store.ts';
import { authorizeAccountChange, type HoldsAdmin } from './user-access.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

export const AVATAR_URL_PREFIX = `/${API_PREFIX}/avatars/`;
const AVATAR_SIDE_PX = 512;
/** Formats taken in; SVG is not, since it is a document that can point elsewhere, not an image. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const TOO_LARGE = 'The image may not be larger than 2 MB.';
const NOT_AN_IMAGE = 'Please select an image.';

export type AvatarInput = { file?: Buffer; fileTooLarge?: boolean; url?: string };
const fileError = (message: string) => validation({ file: [message] });

/** Profile images (spec part 1, 2.7 and 5): an upload or an address, re-encoded, errors on `file`. */
export class AvatarService {
  /** Public so an integration test can let it reach a server on this machine. */
  fetcher: UrlFetcher;
  private readonly users: UsersRepository;
  private readonly store: AvatarStore;
  private readonly clock: Clock;
  private readonly holdsAdmin: HoldsAdmin;
  constructor(deps: {
    users: UsersRepository;
    store: AvatarStore;
    fetcher: UrlFetcher;
    holdsAdmin: HoldsAdmin;
    clock?: Clock;
  }) {
    this.users = deps.users;
    this.holdsAdmin = deps.holdsAdmin;
    this.store = deps.store;
    this.fetcher = deps.fetcher;
    this.clock = deps.clock ?? systemClock;
  }

  async upload(actor: Actor, userId: number, input: AvatarInput): Promise<UserRow> {
    await authorizeAccountChange(actor, userId, this.holdsAdmin);
    const row = await this.users.getById(userId);
    if (!row) throw notFound('User not found.');
    if (input.fileTooLarge) throw fileError(TOO_LARGE);
    const source = input.file ?? (input.url ? await this.download(input.url) : undefined);
    if (!source?.length) throw fileError(NOT_AN_IMAGE);
    const name = await this.store.save(await this.reencode(source), 'webp');
    const at = this.clock().toISOString();
    await this.users.update(row.id, { image: `${AVATAR_URL_PREFIX}${name}`, updated_at: at });
    await this.removeFileOf(row);
    return { ...row, image: `${AVATAR_URL_PREFIX}${name}`, updated_at: at };
  }

  async remove(actor: Actor, userId: number): Promise<void> {
    await authorizeAccountChange(actor, userId, this.holdsAdmin);
    const row = await this.users.getById(userId);
    if (!row) throw notFound('User not found.');
    await this.users.update(row.id, { image: null, updated_at: this.clock().toISOString() });
    await this.removeFileOf(row);
  }

  /** Deletes the stored file of the user's current image, if the image is one of ours. */
  async removeFileOf(row: UserRow): Promise<void> {
    if (row.image?.startsWith(AVATAR_URL_PREFIX)) await this.store.remove(row.image.slice(AVATAR_URL_PREFIX.length));
  }

  open(name: string): Readable | null {
    return this.store.open(name);
  }

  private async download(url: string): Promise<Buffer> {
    try {
      const fetched = await this.fetcher.fetch(url, { maxBytes: AVATAR_MAX_BYTES, timeoutMs: 10_000, maxRedirects: 3 });
      return fetched.body;
    } catch (error) {
      if (error instanceof FetchRefusedError) throw fileError(error.isTooLarge ? TOO_LARGE : error.message);
      throw error;
    }
  }

  /** Decodes and re-encodes, so only pixels are kept: no scripts, metadata or polyglot files. */
  private async reencode(bytes: Buffer): Promise<Buffer> {
    // Loaded on the first avatar (some 25 MB with libvips).
    const { default: sharp } = await import('sharp');
    try {
      const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' });
      const meta = await image.metadata();
      if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new Error('not an accepted image format');
      return await image
        .rotate()
        .resize(AVATAR_SIDE_PX, AVATAR_SIDE_PX, { fit: 'cover' })
        .webp({ quality: 85 })
        .toBuffer();
    } catch {
      throw fileError(NOT_AN_IMAGE);
    }
  }
}
