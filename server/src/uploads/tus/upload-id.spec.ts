import { describe, expect, it } from 'vitest';
import { uploadIdOf } from './upload-id.ts';

describe('uploadIdOf', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
  it('takes the id from an upload URL, a path or the id itself', () => {
    expect(uploadIdOf(`http://127.0.0.1:8080/api/v1/tus/upload/${id}`)).toBe(id);
    expect(uploadIdOf(`/api/v1/tus/upload/${id}/`)).toBe(id);
    expect(uploadIdOf(`${id}?workspaceId=0`)).toBe(id);
    expect(uploadIdOf(id)).toBe(id);
  });

  it('refuses anything that is not an id the server mints', () => {
    for (const bad of ['', 'upload', '../../etc/passwd', `${id}x`, id.toUpperCase(), `entries/0f/${id}/..`])
      expect(uploadIdOf(bad)).toBeUndefined();
  });
});
