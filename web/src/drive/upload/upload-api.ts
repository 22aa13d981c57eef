import type { FileEntry } from '@kosh/contracts';
import { ApiError } from '../../api/api-error.ts';
import { apiRequest } from '../../api/http.ts';
import type { XhrAnswer } from './xhr.ts';

/** A JSON POST to the API that rejects with an Error carrying the message to show. */
export type UploadPost = <T>(path: string, body: unknown, signal?: AbortSignal) => Promise<T>;

/** The message of part 2, 8: the server's (first field error of a 422, else its message), or empty. */
export function uploadErrorOf(error: unknown): Error {
  if (error instanceof ApiError) return new Error(error.displayMessage ?? '');
  if (error instanceof Error) return error;
  return new Error('');
}

/** An XHR answer as the file entry it carries, or the error to show. */
export function entryOf(answer: XhrAnswer): FileEntry {
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    body = undefined;
  }
  if (answer.status >= 200 && answer.status < 300) return (body as { fileEntry: FileEntry }).fileEntry;
  throw uploadErrorOf(new ApiError(answer.status, body));
}

export const uploadPost: UploadPost = async <T>(path: string, body: unknown, signal?: AbortSignal) => {
  try {
    return await apiRequest<T>('POST', path, { body, signal });
  } catch (error) {
    throw uploadErrorOf(error);
  }
};
