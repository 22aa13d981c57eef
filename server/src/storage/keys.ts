import { randomUUID } from 'node:crypto';

/** What a key names: an uploaded file's bytes, or a derived thumbnail. */
export type KeyKind = 'entries' | 'thumbnails';

const KEY_RE = /^(entries|thumbnails|page-images|bench)\/[0-9a-f]{2}\/[0-9a-f-]{36}(\.webp)?$/;
const FAVICON_KEY_RE = /^favicons\/[0-9a-f]{2}\/[0-9a-f-]{36}-\d{2,3}\.png$/;

/** A fresh storage key: random, spread over 256 folders so no directory grows huge. */
export function newObjectKey(kind: KeyKind = 'entries'): string {
  const id = randomUUID();
  return `${kind}/${id.slice(0, 2)}/${id}${kind === 'thumbnails' ? '.webp' : ''}`;
}

/**
 * The key of an image of a custom page by its public name (`<uuid>.webp`, checked by the caller).
 * No drive row names these, so the orphan sweep, which reads entries/ and thumbnails/, leaves them.
 */
export function pageImageKeyOf(name: string): string {
  return `${PAGE_IMAGES_PREFIX}${name.slice(0, 2)}/${name}`;
}

/**
 * The key of a favicon size made from a page image (`<uuid>` of its name, checked by the caller):
 * derived, so made again from the image when missing.
 */
export function faviconKeyOf(imageId: string, size: number): string {
  return `favicons/${imageId.slice(0, 2)}/${imageId}-${size}.png`;
}

/** Where every page image's key starts. */
export const PAGE_IMAGES_PREFIX = 'page-images/';

/** The file key of a given id (a UUID): uploads mint the id first and name the key by it. */
export function entryKeyOf(id: string): string {
  return `entries/${id.slice(0, 2)}/${id}`;
}

/** The thumbnail key that belongs to a file key (same id), so the orphan sweep can pair them. */
export function thumbnailKeyOf(fileKey: string): string {
  return `${fileKey.replace(/^entries\//, 'thumbnails/')}.webp`;
}

/** The file key a thumbnail key belongs to. */
export function fileKeyOfThumbnail(thumbnailKey: string): string {
  return thumbnailKey.replace(/^thumbnails\//, 'entries/').replace(/\.webp$/, '');
}

/** Only keys this server generates are accepted, so no request can steer a path. */
export function assertValidKey(key: string): void {
  if (!KEY_RE.test(key) && !FAVICON_KEY_RE.test(key))
    throw new Error(`Refusing storage key ${JSON.stringify(key)}: not a generated key.`);
}
