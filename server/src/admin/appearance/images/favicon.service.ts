import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { CUSTOM_PAGE_IMAGE_PATH, FAVICON_PATH, FAVICON_SIZES } from '@kosh/contracts';
import { notFound, validation } from '../../../http/app-error.ts';
import { faviconKeyOf, pageImageKeyOf } from '../../../storage/keys.ts';
import { ObjectNotFoundError, type StorageDriver } from '../../../storage/storage-driver.ts';

export type FaviconSize = (typeof FAVICON_SIZES)[number];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UPLOADED = new RegExp(`^${CUSTOM_PAGE_IMAGE_PATH.replace(/\//g, '\\/')}(${UUID})\\.webp$`);
const SERVED = new RegExp(`^(${UUID})-(\\d{2,3})\\.png$`);

/** The id of the uploaded image a branding.favicon value points at, or null (the default, another address). */
export function uploadedFaviconId(favicon: unknown): string | null {
  return typeof favicon === 'string' ? (UPLOADED.exec(favicon)?.[1] ?? null) : null;
}

/** The address each generated size of an uploaded favicon is served at (stable for that image). */
export const faviconUrl = (imageId: string, size: FaviconSize) => `${FAVICON_PATH}${imageId}-${size}.png`;

/**
 * The favicon sizes browsers ask for (FAVICON_SIZES), made with sharp from an image uploaded
 * through the appearance editor when branding.favicon is saved, and kept in storage beside it.
 * They are derived: one found missing when asked for (a favicon set by the operator's command
 * line, a store restored without them) is made again from its image.
 */
export class FaviconService {
  private readonly storage: StorageDriver;
  constructor(deps: { storage: StorageDriver }) {
    this.storage = deps.storage;
  }

  /** Makes and stores every size of the uploaded image `imageId`; 422 errors.branding.favicon if it is gone. */
  async generate(imageId: string): Promise<void> {
    const source = await this.storage.getRange(pageImageKeyOf(`${imageId}.webp`)).catch((error: unknown) => {
      if (error instanceof ObjectNotFoundError)
        throw validation({ 'branding.favicon': ['This image is no longer stored: upload it again.'] });
      throw error;
    });
    const image = await buffer(source);
    const { default: sharp } = await import('sharp');
    await Promise.all(
      FAVICON_SIZES.map(async (size) => {
        const png = await sharp(image)
          .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .png()
          .toBuffer();
        await this.storage.put(faviconKeyOf(imageId, size), png, { size: png.length, contentType: 'image/png' });
      }),
    );
  }

  /** The PNG of a served name (`<uuid>-<size>.png`), made first if missing; 404 for any other name. */
  async open(name: string): Promise<Readable> {
    const match = SERVED.exec(name);
    const size = Number(match?.[2]);
    if (!match?.[1] || !(FAVICON_SIZES as readonly number[]).includes(size)) throw notFound();
    const key = faviconKeyOf(match[1], size);
    if (!(await this.storage.stat(key))) {
      if (!(await this.storage.stat(pageImageKeyOf(`${match[1]}.webp`)))) throw notFound();
      await this.generate(match[1]);
    }
    return this.storage.getRange(key);
  }
}
