import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Where avatar images live; a local folder now, the storage driver once it exists. */
export interface AvatarStore {
  /** Stores the bytes under a new random name and answers the name. */
  save(bytes: Buffer, extension: string): Promise<string>;
  remove(name: string): Promise<void>;
  open(name: string): Readable | null;
}

/** Names are random hex plus an extension; nothing else is ever read or removed. */
export const AVATAR_NAME = /^[a-f0-9]{32}\.(webp|png)$/;

export class LocalAvatarStore implements AvatarStore {
  private readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }

  async save(bytes: Buffer, extension: string): Promise<string> {
    await fsp.mkdir(this.dir, { recursive: true });
    const name = `${randomBytes(16).toString('hex')}.${extension}`;
    await fsp.writeFile(path.join(this.dir, name), bytes, { flag: 'wx' });
    return name;
  }

  async remove(name: string): Promise<void> {
    if (!AVATAR_NAME.test(name)) return;
    await fsp.rm(path.join(this.dir, name), { force: true });
  }

  open(name: string): Readable | null {
    if (!AVATAR_NAME.test(name)) return null;
    const file = path.join(this.dir, name);
    return fs.existsSync(file) ? fs.createReadStream(file) : null;
  }
}
