import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileHashes } from './file-hashes.ts';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const opened: FileHashes[] = [];

function setup(): { sut: FileHashes; file: string } {
  const sut = new FileHashes();
  opened.push(sut);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kosh-hashes-')), 'upload');
  fs.writeFileSync(file, '');
  return { sut, file };
}

/** One tus write as the store does it: bytes appended at `offset` in pieces, each reported once in the file. */
function write(sut: FileHashes, file: string, offset: number, data: Buffer, pieces = 3): void {
  const run = sut.track('u', offset, file);
  const step = Math.ceil(data.length / pieces);
  for (let at = 0; at < data.length; at += step) {
    const piece = data.subarray(at, at + step);
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, piece, 0, piece.length, offset + at);
    fs.closeSync(fd);
    run.wrote(piece.length);
  }
  run.settle(offset + data.length);
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((sut) => sut.close()));
});

describe('FileHashes', () => {
  it('hashes the file behind writes that follow each other, to the digest of the whole upload', async () => {
    const { sut, file } = setup();
    // Over the worker's 1 MiB feeds and reads, in pieces that do not line up with them.
    const first = randomBytes(2.5 * 1024 * 1024);
    const second = randomBytes(1024 * 1024 + 17);
    write(sut, file, 0, first, 7);
    write(sut, file, first.length, second);
    expect(await sut.digest('u', first.length + second.length)).toBe(sha(Buffer.concat([first, second])));
  });

  it('has no digest when a write did not continue where the last one ended', async () => {
    const { sut, file } = setup();
    write(sut, file, 0, Buffer.from('hello '));
    write(sut, file, 3, Buffer.from('lo world'));
    expect(await sut.digest('u', 11)).toBeUndefined();
  });

  it('has no digest for an upload whose first write here did not start at byte 0 (a restart)', async () => {
    const { sut, file } = setup();
    fs.writeFileSync(file, 'hello ');
    write(sut, file, 6, Buffer.from('world'));
    expect(await sut.digest('u', 11)).toBeUndefined();
  });

  it('has no digest after a failed write, before every byte arrived, or after forget', async () => {
    const { sut, file } = setup();
    write(sut, file, 0, Buffer.from('hello '));
    const failed = sut.track('u', 6, file);
    failed.wrote(5);
    failed.settle(null);
    expect(await sut.digest('u', 11)).toBeUndefined();

    write(sut, file, 0, Buffer.from('hello '));
    expect(await sut.digest('u', 11)).toBeUndefined();

    write(sut, file, 0, Buffer.from('hello '));
    sut.forget('u');
    expect(await sut.digest('u', 6)).toBeUndefined();
  });

  it('has no digest when the file was cut back before the worker read it', async () => {
    const { sut, file } = setup();
    const run = sut.track('u', 0, file);
    run.wrote(10);
    run.settle(10);
    expect(await sut.digest('u', 10)).toBeUndefined();
  });

  it('starts a new worker after close, for uploads started after it', async () => {
    const { sut, file } = setup();
    write(sut, file, 0, Buffer.from('before'));
    await sut.close();
    expect(await sut.digest('u', 6)).toBeUndefined();
    fs.writeFileSync(file, '');
    write(sut, file, 0, Buffer.from('after'));
    expect(await sut.digest('u', 5)).toBe(sha(Buffer.from('after')));
  });
});
