import { formatBytes } from '@kosh/contracts/format';
import type { UploadSettings } from '@kosh/contracts';
import { isTypeAllowed } from '@kosh/contracts/upload-rules';

export type UploadRefusal =
  | { message: 'File exceeds the maximum allowed size of :size'; values: { size: string } }
  | { message: 'This file type is not allowed.'; values?: undefined };

/**
 * The checks of spec part 2, 5 made before a byte is sent (the server makes them again):
 * the maximum size and the allowed or blocked types. Answers the message to show, or null.
 */
export function refuseUpload(
  file: { size: number; mime: string; extension: string },
  settings: Pick<UploadSettings, 'max_size' | 'allowed_types' | 'blocked_types'>,
): UploadRefusal | null {
  if (settings.max_size > 0 && file.size > settings.max_size)
    return {
      message: 'File exceeds the maximum allowed size of :size',
      values: { size: formatBytes(settings.max_size) },
    };
  const rules = {
    maxSize: settings.max_size,
    allowedTypes: settings.allowed_types,
    blockedTypes: settings.blocked_types,
  };
  if (!isTypeAllowed(rules, { extension: file.extension || null, mimes: file.mime ? [file.mime] : [] }))
    return { message: 'This file type is not allowed.' };
  return null;
}
