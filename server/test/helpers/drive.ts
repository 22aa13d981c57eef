import { randomBytes } from 'node:crypto';
import type { FileEntry } from '@kosh/contracts';
import type { LightMyRequestResponse } from 'fastify';
import type { Modules } from '../../src/modules.ts';
import { Agent, type TestApp } from './test-app.ts';
import { createUser, loginAs } from './factories.ts';

export type Field = [name: string, value: string];
export type UploadFile = { name: string; content: Buffer | string; type?: string };

/** A multipart/form-data body as a browser sends it: fields first (metadata), then the file. */
export function multipart(
  fields: Field[],
  file?: UploadFile & { field?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kosh${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of fields)
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A logged-in user with an agent, plus shortcuts for the drive calls. */
export class DriveClient {
  readonly agent: Agent;
  readonly user: { id: number; email: string };
  private constructor(agent: Agent, user: { id: number; email: string }) {
    this.agent = agent;
    this.user = user;
  }

  static async create(t: TestApp, opts: { admin?: boolean } = {}): Promise<DriveClient> {
    const user = await createUser(t.modules, opts);
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, user);
    return new DriveClient(agent, user);
  }

  uploadRaw(
    file: UploadFile,
    metadata: Record<string, unknown> = {},
    extra: Field[] = [],
  ): Promise<LightMyRequestResponse> {
    const { payload, headers } = multipart([['metadata', JSON.stringify(metadata)], ...extra], file);
    return this.agent.request({ method: 'POST', url: '/api/v1/file-entries', payload, headers });
  }

  async upload(name: string, content: Buffer | string, metadata: Record<string, unknown> = {}): Promise<FileEntry> {
    const res = await this.uploadRaw({ name, content }, metadata);
    if (res.statusCode !== 201) throw new Error(`upload ${name}: ${res.statusCode} ${res.body}`);
    return res.json().fileEntry;
  }

  async folder(name: string, parentId: number | null = null): Promise<FileEntry> {
    const res = await this.agent.post('/api/v1/folders', { name, parentId });
    if (res.statusCode !== 201) throw new Error(`folder ${name}: ${res.statusCode} ${res.body}`);
    return res.json().fileEntry;
  }

  async list(query: Record<string, string | number> = {}): Promise<{
    data: FileEntry[];
    total: number;
    current_page: number;
    last_page: number;
    per_page: number;
    folder: FileEntry | null;
  }> {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    const res = await this.agent.get(`/api/v1/drive/file-entries${qs ? `?${qs}` : ''}`);
    if (res.statusCode !== 200) throw new Error(`list ${qs}: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  async names(query: Record<string, string | number> = {}): Promise<string[]> {
    return (await this.list(query)).data.map((e) => e.name);
  }

  download(hash: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.agent.get(`/api/v1/file-entries/${hash}/download`, headers);
  }
}

/** The bytes stored under a key, read back through the driver. */
export async function storedBytes(modules: Modules, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await modules.storage.getRange(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const sha256 = async (data: Buffer | string) =>
  (await import('node:crypto')).createHash('sha256').update(data).digest('hex');

/** `n` bytes that differ with `seed` and along the buffer, the same on every run. */
export const bytes = (n: number, seed: number) =>
  Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed * 7 + (i >> 8)) & 0xff));
