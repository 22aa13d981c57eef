import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { UploadFileSink } from './upload-file-sink.ts';

const TOO_LARGE = { status_code: 413, body: 'too large' };

function tempFile(content: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kosh-sink-')), 'upload');
  fs.writeFileSync(file, content);
  return file;
}

describe('UploadFileSink', () => {
  it('writes the chunks at the offset, in order, feeds every byte to the hashes and tells each write', async () => {
    const file = tempFile('hello ');
    const hash = createHash('sha256');
    const told: number[] = [];
    const sink = new UploadFileSink({
      file,
      offset: 6,
      limit: Number.POSITIVE_INFINITY,
      tooLarge: TOO_LARGE,
      hashes: [hash],
      onWritten: (bytes) => told.push(bytes),
    });
    const chunks = Array.from({ length: 300 }, (_, i) => Buffer.from(`chunk ${i};`));
    await pipeline(Readable.from(chunks), sink);
    const written = Buffer.concat(chunks);
    expect(sink.bytesWritten).toBe(written.length);
    expect(fs.readFileSync(file)).toEqual(Buffer.concat([Buffer.from('hello '), written]));
    expect(hash.digest('hex')).toBe(createHash('sha256').update(written).digest('hex'));
    expect(told.reduce((a, b) => a + b, 0)).toBe(written.length);
  });

  it('stays byte-exact across its background flushes (past 64 MiB)', async () => {
    const file = tempFile('');
    const hash = createHash('sha256');
    const block = Buffer.alloc(1024 * 1024);
    const expected = createHash('sha256');
    const chunks = Array.from({ length: 70 }, (_, i) => {
      const chunk = Buffer.from(block.fill(i));
      expected.update(chunk);
      return chunk;
    });
    const sink = new UploadFileSink({
      file,
      offset: 0,
      limit: Number.POSITIVE_INFINITY,
      tooLarge: TOO_LARGE,
      hashes: [hash],
    });
    await pipeline(Readable.from(chunks), sink);
    const digest = expected.digest('hex');
    expect(hash.digest('hex')).toBe(digest);
    expect(fs.statSync(file).size).toBe(70 * 1024 * 1024);
    expect(createHash('sha256').update(fs.readFileSync(file)).digest('hex')).toBe(digest);
  });

  it('keeps what fits under its limit and fails with tooLarge on the byte past it', async () => {
    const file = tempFile('');
    const sink = new UploadFileSink({ file, offset: 0, limit: 10, tooLarge: TOO_LARGE, hashes: [] });
    await expect(pipeline(Readable.from([Buffer.from('123456'), Buffer.from('789012')]), sink)).rejects.toBe(TOO_LARGE);
    expect(fs.readFileSync(file, 'utf8')).toBe('1234567890');
    expect(sink.bytesWritten).toBe(10);
  });

  it('fails when the upload file is gone', async () => {
    const sink = new UploadFileSink({
      file: path.join(os.tmpdir(), 'kosh-no-such-dir', 'x'),
      offset: 0,
      limit: 10,
      tooLarge: TOO_LARGE,
      hashes: [],
    });
    await expect(pipeline(Readable.from([Buffer.from('x')]), sink)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
