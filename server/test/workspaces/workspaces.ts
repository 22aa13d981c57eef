import type { FileEntry, InviteMembersResponse, MemberRole, Workspace, WorkspaceDetails } from '@kosh/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { del, put } from '../helpers/accounts.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';

/** A signed-in person with shortcuts for workspace calls and drive calls inside a workspace. */
export class Member {
  readonly person: Person;
  constructor(person: Person) {
    this.person = person;
  }

  static async create(t: TestApp, opts: { email?: string; first_name?: string } = {}): Promise<Member> {
    return new Member(await Person.create(t, opts));
  }

  get agent() {
    return this.person.agent;
  }
  get user() {
    return this.person.user;
  }

  async workspaces(): Promise<Workspace[]> {
    const res = await this.agent.get('/api/v1/me/workspaces');
    if (res.statusCode !== 200) throw new Error(`me/workspaces: ${res.statusCode} ${res.body}`);
    return res.json().workspaces;
  }

  async createWorkspace(name: string): Promise<Workspace> {
    const res = await this.agent.post('/api/v1/workspace', { name });
    if (res.statusCode !== 201) throw new Error(`create workspace: ${res.statusCode} ${res.body}`);
    return res.json().workspace;
  }

  details(id: number): Promise<LightMyRequestResponse> {
    return this.agent.get(`/api/v1/workspace/${id}`);
  }

  async members(id: number): Promise<WorkspaceDetails> {
    const res = await this.details(id);
    if (res.statusCode !== 200) throw new Error(`workspace ${id}: ${res.statusCode} ${res.body}`);
    return res.json().workspace;
  }

  inviteRaw(id: number, emails: string[], role: MemberRole | string): Promise<LightMyRequestResponse> {
    return this.agent.post(`/api/v1/workspace/${id}/invite`, { emails, role });
  }

  async invite(id: number, emails: string[], role: MemberRole): Promise<InviteMembersResponse> {
    const res = await this.inviteRaw(id, emails, role);
    if (res.statusCode !== 200) throw new Error(`invite: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  join(inviteId: string): Promise<LightMyRequestResponse> {
    return this.agent.get(`/api/v1/workspace/join/${inviteId}`);
  }

  decline(inviteId: string): Promise<LightMyRequestResponse> {
    return del(this.agent, `/api/v1/workspace/invite/${inviteId}`);
  }

  setRole(id: number, userId: number, role: string): Promise<LightMyRequestResponse> {
    return put(this.agent, `/api/v1/workspace/${id}/member/${userId}`, { role });
  }

  removeMember(id: number, userId: number): Promise<LightMyRequestResponse> {
    return del(this.agent, `/api/v1/workspace/${id}/member/${userId}`);
  }

  /** Lists a drive section in a workspace (workspaceId on the query, as the web client sends it). */
  listRaw(workspaceId: number, query: Record<string, string | number> = {}): Promise<LightMyRequestResponse> {
    return this.person.listRaw({ workspaceId, ...query });
  }

  async names(workspaceId: number, query: Record<string, string | number> = {}): Promise<string[]> {
    const res = await this.listRaw(workspaceId, query);
    if (res.statusCode !== 200) throw new Error(`list: ${res.statusCode} ${res.body}`);
    return res.json().data.map((e: FileEntry) => e.name);
  }

  uploadRaw(
    workspaceId: number,
    name: string,
    content: string,
    parentId: number | null = null,
  ): Promise<LightMyRequestResponse> {
    return this.person.uploadRaw(name, content, { parentId }, `/api/v1/file-entries?workspaceId=${workspaceId}`);
  }

  async upload(workspaceId: number, name: string, content: string, parentId: number | null = null): Promise<FileEntry> {
    const res = await this.uploadRaw(workspaceId, name, content, parentId);
    if (res.statusCode !== 201) throw new Error(`upload ${name}: ${res.statusCode} ${res.body}`);
    return res.json().fileEntry;
  }

  folderRaw(workspaceId: number, name: string, parentId: number | null = null): Promise<LightMyRequestResponse> {
    return this.agent.post('/api/v1/folders', { name, parentId, workspaceId });
  }
}

/** The invite notifications a user holds, newest first. */
export async function inviteNotifications(t: TestApp, userId: number) {
  const rows = await t.modules.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', 'workspace-invite')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, data: JSON.parse(r.data) }));
}

export async function notificationsOf(t: TestApp, userId: number, type: string) {
  const rows = await t.modules.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .execute();
  return rows.map((r) => ({ ...r, data: JSON.parse(r.data) }));
}

/** An owner with a workspace and members who joined it at the given roles. */
export async function teamOf(
  t: TestApp,
  roles: MemberRole[],
  name = 'Team',
): Promise<{ owner: Member; ws: Workspace; members: Member[] }> {
  const owner = await Member.create(t, { first_name: 'Olga' });
  const ws = await owner.createWorkspace(name);
  const members: Member[] = [];
  for (const role of roles) {
    const m = await Member.create(t);
    await owner.invite(ws.id, [m.user.email], role);
    const [n] = await inviteNotifications(t, m.user.id);
    const res = await m.join(n.data.inviteId);
    if (res.statusCode !== 200) throw new Error(`join: ${res.statusCode} ${res.body}`);
    members.push(m);
  }
  return { owner, ws, members };
}
