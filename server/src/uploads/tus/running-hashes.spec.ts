import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RunningHashes } from './running-hashes.ts';

const sink = () => new Writable({ write: (_chunk, _enc, cb) => cb() });
const sha = (s: string) => createHash('sha256').update(s).digest('hex');

async function write(
  sut: RunningHashes,
  id: string,
  offset: number,
  data: string,
  settleWith?: number | null,
): Promise<void> {
  const run = sut.begin(id, offset);
  await pipeline(Readable.from([Buffer.from(data)]), run.stream, sink());
  run.settle(settleWith === undefined ? offset + data.length : settleWith);
}

describe('RunningHashes', () => {
  it('hashes writes that follow each other into the digest of the whole upload', async () => {
    const sut = new RunningHashes();
    await write(sut, 'a', 0, 'hello ');
    await write(sut, 'a', 6, 'world');
    expect(sut.digest('a', 11)).toBe(sha('hello world'));
  });

  it('has no digest when a write did not continue where the last one ended', async () => {
    const sut = new RunningHashes();
    await write(sut, 'a', 0, 'hello ');
    await write(sut, 'a', 4, 'o world');
    expect(sut.digest('a', 11)).toBeUndefined();
  });

  it('drops the hash when the store kept other bytes than passed through (a write cut short)', async () => {
    const sut = new RunningHashes();
    await write(sut, 'a', 0, 'hello ', 3);
    await write(sut, 'a', 3, 'lo world');
    expect(sut.digest('a', 11)).toBeUndefined();
  });

  it('has no digest before every byte arrived, nor after forget', async () => {
    const sut = new RunningHashes();
    await write(sut, 'a', 0, 'hello');
    expect(sut.digest('a', 11)).toBeUndefined();
    await write(sut, 'b', 0, 'x');
    sut.forget('b');
    expect(sut.digest('b', 1)).toBeUndefined();
  });

  it('feeds extra hashes (a checksum of one PATCH) alongside', async () => {
    const sut = new RunningHashes();
    const sha1 = createHash('sha1');
    const run = sut.begin('a', 0, [sha1]);
    await pipeline(Readable.from([Buffer.from('abc')]), run.stream, sink());
    run.settle(3);
    expect(sha1.digest('hex')).toBe(createHash('sha1').update('abc').digest('hex'));
    expect(sut.digest('a', 3)).toBe(sha('abc'));
  });
});
