import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import {
  CUSTOM_PAGE_IMAGE_MAX_BYTES,
  CUSTOM_PAGE_IMAGE_PATH,
  CUSTOM_PAGE_IMAGE_TYPES,
  type CustomPageImageResponse,
  FAVICON_SIZES,
  Permission,
} from '@kosh/contracts';
import type { Logger } from 'pino';
import type { Actor } from '../../auth/actor.ts';
import type { Clock } from '../../clock.ts';
import { notFound, payloadTooLarge, validation } from '../../http/app-error.ts';
import { faviconKeyOf, PAGE_IMAGES_PREFIX, pageImageKeyOf } from '../../storage/keys.ts';
import type { StorageDriver } from '../../storage/storage-driver.ts';

/** The public name of a page image: a random UUID, always WebP. */
export const PAGE_IMAGE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;
/** Formats decoded (AVIF reads as heif); SVG is not, being a document that can script and point elsewhere. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/** Wide enough for a page at twice its 800 px column; larger images are scaled down. */
const MAX_SIDE_PX = 1600;
const NOT_AN_IMAGE = 'Choose a JPEG, PNG, WebP, GIF or AVIF image.';
const TOO_LARGE = `The image may not be larger than ${CUSTOM_PAGE_IMAGE_MAX_BYTES / 1024 / 1024} MB.`;

/** An image part of an upload as it streams in; `isTruncated` is known once the stream has ended. */
export type IncomingImage = { stream: Readable; type: string; isTruncated: () => boolean };

const fileError = (message: string) => validation({ file: [message] });
const nameIn = (text: string) => [...text.matchAll(/\/custom-pages\/images\/([0-9a-f-]{36}\.webp)/g)].map((m) => m[1]);

/**
 * Images of custom pages: uploaded by staff (custom_pages.update), re-encoded to WebP so only
 * pixels are kept, stored through the storage driver (local disk or S3, like every file) and
 * served publicly under random names that never change, so browsers keep them a year.
 */
export class PageImagesService {
  private readonly storage: StorageDriver;
  private readonly logger: Logger;
  /** Whether a page or a setting (logos, favicon, landing images) shows the image of this name. */
  private readonly isShown: (name: string) => Promise<boolean>;
  private readonly clock: Clock;
  constructor(deps: {
    storage: StorageDriver;
    logger: Logger;
    isShown: (name: string) => Promise<boolean>;
    clock: Clock;
  }) {
    this.storage = deps.storage;
    this.logger = deps.logger;
    this.isShown = deps.isShown;
    this.clock = deps.clock;
  }

  /**
   * Reads the upload only once the caller may upload (`read` answers undefined without a file).
   * Custom pages need custom_pages.update; the appearance editor's logos and favicon pass appearance.update.
   */
  async upload(
    actor: Actor,
    read: () => Promise<IncomingImage | undefined>,
    permission: string = Permission.customPagesUpdate,
  ): Promise<CustomPageImageResponse> {
    actor.authorize(permission);
    const image = await read();
    if (!image) throw fileError('Choose an image to upload.');
    if (!(CUSTOM_PAGE_IMAGE_TYPES as readonly string[]).includes(image.type)) {
      await drain(image.stream);
      throw fileError(NOT_AN_IMAGE);
    }
    const encoded = await reencode(image.stream).catch(async () => {
      await drain(image.stream);
      return null;
    });
    // Past the limit the stream was cut short: said as such, whatever the decoder made of it.
    if (image.isTruncated()) throw payloadTooLarge(TOO_LARGE);
    if (!encoded) throw fileError(NOT_AN_IMAGE);
    const name = `${randomUUID()}.webp`;
    await this.storage.put(pageImageKeyOf(name), encoded.data, {
      size: encoded.data.length,
      contentType: 'image/webp',
    });
    return { url: `${CUSTOM_PAGE_IMAGE_PATH}${name}`, width: encoded.width, height: encoded.height };
  }

  /** The bytes of an image by its public name; 404 for a name that is not one of ours. */
  async open(name: string): Promise<Readable> {
    if (!PAGE_IMAGE_NAME.test(name)) throw notFound();
    return this.storage.getRange(pageImageKeyOf(name));
  }

  /**
   * Removes images uploaded longer than `graceMs` ago that no page or appearance setting shows:
   * uploads an editor never saved (the grace leaves time to finish writing one). Answers how many.
   */
  async sweepUnused(graceMs: number): Promise<number> {
    const cutoff = this.clock().getTime() - graceMs;
    let removed = 0;
    for await (const object of this.storage.list(PAGE_IMAGES_PREFIX)) {
      const name = object.key.split('/').pop() ?? '';
      if (object.lastModified.getTime() > cutoff || !PAGE_IMAGE_NAME.test(name)) continue;
      if (await this.isShown(name)) continue;
      await this.remove(name);
      removed++;
    }
    return removed;
  }

  /** Deletes an image and the favicon sizes made from it, if it ever was the favicon (derived, never shown alone). */
  private async remove(name: string): Promise<void> {
    await this.storage.delete(pageImageKeyOf(name));
    const id = name.replace(/\.webp$/, '');
    await this.storage.deleteMany(FAVICON_SIZES.map((size) => faviconKeyOf(id, size)));
  }

  /** Removes the images these (deleted) bodies showed that no remaining page shows. */
  async forgetUnused(bodies: string[]): Promise<void> {
    for (const name of new Set(bodies.flatMap(nameIn))) {
      if (await this.isShown(name)) continue;
      await this.remove(name).catch((error: unknown) => {
        // Left in storage at worst: an unused image costs space, never a broken page.
        this.logger.warn({ err: error, name }, 'could not remove an unused page image');
      });
    }
  }
}

/** Lets the rest of a refused upload flow past (the form's parser waits for it) without keeping it. */
async function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return;
  stream.resume();
  await once(stream, 'end').catch(() => undefined);
}

/**
 * Streams the upload into the decoder and re-encodes it as WebP (turned upright, at most
 * MAX_SIDE_PX a side): no scripts, metadata or polyglot files survive. The decoder holds the
 * encoded bytes (at most 5 MB) while it works; the result is a fraction of that.
 */
async function reencode(stream: Readable): Promise<{ data: Buffer; width: number; height: number }> {
  // Loaded on the first image (some 25 MB with libvips).
  const { default: sharp } = await import('sharp');
  const image = sharp({ limitInputPixels: 40_000_000, failOn: 'error' });
  stream.on('error', (error) => image.destroy(error));
  stream.pipe(image);
  const meta = await image.metadata();
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new Error('not an accepted image format');
  const { data, info } = await image
    .rotate()
    .resize(MAX_SIDE_PX, MAX_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
