import { describe, expect, it } from 'vitest';
import { refuseUpload } from './upload-validation.ts';

const rules = { max_size: 1024 ** 2, allowed_types: [], blocked_types: ['exe', 'video/*'] };

describe('refuseUpload', () => {
  it('refuses a file over the maximum size with the size in the message', () => {
    expect(refuseUpload({ size: 1024 ** 2 + 1, mime: 'text/plain', extension: 'txt' }, rules)).toEqual({
      message: 'File exceeds the maximum allowed size of :size',
      values: { size: '1 MB' },
    });
    expect(refuseUpload({ size: 1024 ** 2, mime: 'text/plain', extension: 'txt' }, rules)).toBeNull();
    expect(
      refuseUpload({ size: 10 ** 12, mime: 'text/plain', extension: 'txt' }, { ...rules, max_size: 0 }),
    ).toBeNull();
  });

  it('refuses blocked types by extension or MIME pattern, and types outside an allow list', () => {
    expect(refuseUpload({ size: 1, mime: 'application/octet-stream', extension: 'exe' }, rules)?.message).toBe(
      'This file type is not allowed.',
    );
    expect(refuseUpload({ size: 1, mime: 'video/mp4', extension: 'mp4' }, rules)?.message).toBe(
      'This file type is not allowed.',
    );
    expect(
      refuseUpload({ size: 1, mime: 'image/png', extension: 'png' }, { ...rules, allowed_types: ['image/*'] }),
    ).toBeNull();
    expect(
      refuseUpload({ size: 1, mime: 'application/pdf', extension: 'pdf' }, { ...rules, allowed_types: ['image/*'] })
        ?.message,
    ).toBe('This file type is not allowed.');
  });
});
