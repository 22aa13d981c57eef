import type { FileEntry, NotificationData, SharePermission } from '@kosh/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { newAgent } from '../helpers/accounts.ts';
import { multipart } from '../helpers/drive.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';

/** A user with a signed-in browser agent (own client address), and shortcuts for drive and sharing calls. */
export class Person {
  readonly agent: Agent;
  readonly user: { id: number; email: string };
  private constructor(agent: Agent, user: { id: number; email: string }) {
    this.agent = agent;
    this.user = user;
  }

  static async create(
    t: TestApp,
    opts: { email?: string; first_name?: string; last_name?: string; image?: string } = {},
  ): Promise<Person> {
    const user = await createUser(t.modules, { email: opts.email });
    if (opts.first_name || opts.last_name || opts.image) {
      await t.modules.users.repos.users.update(user.id, {
        first_name: opts.first_name ?? null,
        last_name: opts.last_name ?? null,
        image: opts.image ?? null,
      });
    }
    const agent = newAgent(t);
    await loginAs(t.modules, agent, user);
    return new Person(agent, user);
  }

  uploadRaw(
    name: string,
    content: Buffer | string,
    metadata: Record<string, unknown> = {},
    url = '/api/v1/file-entries',
  ): Promise<LightMyRequestResponse> {
    const { payload, headers } = multipart([['metadata', JSON.stringify(metadata)]], { name, content });
    return this.agent.request({ method: 'POST', url, payload, headers });
  }

  async upload(name: string, content: Buffer | string, parentId: number | null = null): Promise<FileEntry> {
    const res = await this.uploadRaw(name, content, { parentId });
    if (res.statusCode !== 201) throw new Error(`upload ${name}: ${res.statusCode} ${res.body}`);
    return res.json().fileEntry;
  }

  async folder(name: string, parentId: number | null = null): Promise<FileEntry> {
    const res = await this.agent.post('/api/v1/folders', { name, parentId });
    if (res.statusCode !== 201) throw new Error(`folder ${name}: ${res.statusCode} ${res.body}`);
    return res.json().fileEntry;
  }

  listRaw(query: Record<string, string | number>): Promise<LightMyRequestResponse> {
    return this.agent.get(
      `/api/v1/drive/file-entries?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    );
  }

  async list(query: Record<string, string | number>): Promise<FileEntry[]> {
    const res = await this.listRaw(query);
    if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
    return res.json().data;
  }

  shareRaw(entryIds: number[], emails: string[], permission: SharePermission): Promise<LightMyRequestResponse> {
    return this.agent.post('/api/v1/file-entries/shares', { entryIds, emails, permission });
  }

  async share(entryIds: number[], emails: string[], permission: SharePermission) {
    const res = await this.shareRaw(entryIds, emails, permission);
    if (res.statusCode !== 200) throw new Error(`share: ${res.statusCode} ${res.body}`);
    return res.json() as {
      results: Array<{ email: string; ok: boolean; invited: boolean; message?: string }>;
      people: Array<{
        id: number;
        email: string;
        permission: string;
        status: string;
        user_id: number | null;
        entry_id: number;
      }>;
    };
  }

  async createLink(entryId: number, body: Record<string, unknown> = {}) {
    const res = await this.agent.post(`/api/v1/file-entries/${entryId}/shareable-link`, body);
    if (res.statusCode !== 201) throw new Error(`link: ${res.statusCode} ${res.body}`);
    return res.json().link as { hash: string; permissions: string; has_password: boolean; url: string; id: number };
  }

  updateLink(entryId: number, body: Record<string, unknown>) {
    return this.agent.post(`/api/v1/file-entries/${entryId}/shareable-link`, body, { 'x-http-method-override': 'PUT' });
  }
}

/** The file-entry-shared notifications stored for a user, data parsed. */
export async function sharedNotifications(t: TestApp, userId: number) {
  const rows = await t.modules.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', 'file-entry-shared')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as NotificationData }));
}
