import { randomBytes } from 'node:crypto';
import { ENTRY_NAME_MAX_BYTES, RELATIVE_PATH_MAX_BYTES, RELATIVE_PATH_MAX_DEPTH } from '@kosh/contracts';
import { validation } from '../http/app-error.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the pattern exists to refuse control characters in names
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Bidirectional marks, embeddings, overrides and isolates: they make "txt.exe" read as "exe.txt". */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Why a name cannot name an entry, or undefined when it can. */
export function nameError(name: string): string | undefined {
  if (!name.trim()) return 'The name is required.';
  if (/[/\\]/.test(name)) return 'The name may not contain slashes.';
  if (CONTROL.test(name)) return 'The name may not contain control characters.';
  if (BIDI.test(name)) return 'The name may not contain text direction characters.';
  if (name === '.' || name === '..') return 'The name may not be "." or "..".';
  if (Buffer.byteLength(name, 'utf8') > ENTRY_NAME_MAX_BYTES)
    return `The name may not be longer than ${ENTRY_NAME_MAX_BYTES} bytes.`;
  return undefined;
}

/** A name with surrounding spaces removed, or a 422 on `field` saying what is wrong. */
export function validName(name: string, field = 'name'): string {
  const trimmed = name.trim();
  const error = nameError(trimmed);
  if (error) throw validation({ [field]: [error] });
  return trimmed;
}

/**
 * A stored name as one segment of a ZIP entry path: names kept from before the rules grew
 * (".. ", a backslash, a direction override) must not climb out or mislead when extracted.
 */
export function zipSegment(name: string): string {
  const cleaned = name
    .replace(/[/\\]/g, '_')
    .replace(new RegExp(CONTROL.source, 'g'), '')
    .replace(new RegExp(BIDI.source, 'g'), '')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? '_' : cleaned;
}

export const clashMessage = (name: string) => `An item named "${name}" already exists in this folder.`;

/** The extension of a file name, lower case, without the dot; null when there is none. */
export function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,20}$/.test(ext) ? ext : null;
}

/** The n-th alternative of a taken name: "report (2).pdf" (the extension is kept). */
export function numberedName(name: string, n: number): string {
  const ext = extensionOf(name);
  const stem = ext ? name.slice(0, -(ext.length + 1)) : name;
  const candidate = `${stem} (${n})${ext ? `.${ext}` : ''}`;
  if (Buffer.byteLength(candidate, 'utf8') <= ENTRY_NAME_MAX_BYTES) return candidate;
  // Too long with the suffix: shorten the stem rather than refuse an implicit rename.
  return `${Buffer.from(stem)
    .subarray(0, 200)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')}-${randomBytes(4).toString('hex')}${ext ? `.${ext}` : ''}`;
}

/**
 * The folder names of a folder upload's relativePath ("a/b/file.txt" gives ["a", "b"]):
 * the file's own name comes last and is dropped. Every segment is trimmed and checked like a
 * name (so ".. " is ".." and refused, " a " is "a"); refuses what climbs out or cannot be a
 * name: "..", ".", absolute paths, drive letters, NUL and other control characters,
 * backslashes, empty segments, and paths too long or too deep.
 */
export function foldersOfRelativePath(relativePath: string | undefined): string[] {
  if (relativePath === undefined || relativePath === '') return [];
  const refuse = (why: string) => validation({ relativePath: [`The relative path is not valid: ${why}`] });
  if (Buffer.byteLength(relativePath, 'utf8') > RELATIVE_PATH_MAX_BYTES)
    throw refuse(`it is longer than ${RELATIVE_PATH_MAX_BYTES} bytes.`);
  if (CONTROL.test(relativePath)) throw refuse('it contains control characters.');
  if (relativePath.startsWith('/') || /^[A-Za-z]:/.test(relativePath)) throw refuse('it is absolute.');
  if (relativePath.includes('\\')) throw refuse('it contains a backslash.');
  const segments = relativePath.split('/').map((s) => s.trim());
  if (segments.some((s) => s === '..' || s === '.')) throw refuse('it climbs out of the upload.');
  if (segments.some((s) => s === '')) throw refuse('it has an empty folder name.');
  if (/^[A-Za-z]:/.test(segments[0])) throw refuse('it is absolute.');
  const folders = segments.slice(0, -1);
  if (folders.length > RELATIVE_PATH_MAX_DEPTH) throw refuse(`it is deeper than ${RELATIVE_PATH_MAX_DEPTH} folders.`);
  for (const segment of segments) {
    const error = nameError(segment);
    if (error) throw refuse(error);
  }
  return folders;
}
