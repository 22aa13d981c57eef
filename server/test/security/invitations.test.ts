import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccountsApp, del, newAgent } from '../helpers/accounts.ts';
import type { CapturedMail, MailCatcher } from '../helpers/smtp.ts';
import type { Agent, TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';
import { inviteNotifications, Member } from '../workspaces/workspaces.ts';

let t: TestApp;
let mail: MailCatcher;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, mail, close } = await createAccountsApp());
});
afterAll(() => close());

const settings = (values: Record<string, unknown>) =>
  Promise.all(Object.entries(values).map(([k, v]) => t.modules.settings.service.set(k, v)));
beforeEach(() =>
  settings({ 'registration.disable': false, require_email_confirmation: false, 'mail.invitations_per_hour': 1000 }),
);

let n = 0;
const freshEmail = () => `m13-${Date.now()}-${n++}@example.test`;
const freshEmails = (count: number) => Array.from({ length: count }, () => freshEmail());
const PASSWORD = 'long enough pw';

/** Registers the address in a new browser-like agent; `invite` is what the mail's link would carry. */
async function register(email: string, invite: { invite_id?: string; invite_type?: string } = {}): Promise<Agent> {
  const agent = newAgent(t);
  const res = await agent.post('/auth/register', {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    ...invite,
  });
  expect(res.statusCode).toBe(200);
  return agent;
}

/** The token at the end of the register link in the latest mail to the address. */
async function tokenMailedTo(email: string, path: RegExp): Promise<string> {
  const invitation = await mail.waitFor(email);
  const link = new URL(new RegExp(`(https?://\\S+${path.source}\\S+)`).exec(invitation.text)?.[1] ?? 'x:/');
  const token = link.pathname.split('/').pop();
  if (!token) throw new Error(`no register link in: ${invitation.text}`);
  return token;
}

/** Mails fly after the answer: wait for the outbox to be quiet, then count what reached these addresses. */
async function mailsTo(emails: string[]): Promise<CapturedMail[]> {
  await new Promise((r) => setTimeout(r, 400));
  const wanted = new Set(emails.map((e) => e.toLowerCase()));
  return mail.messages.filter((m) => m.to.some((to) => wanted.has(to)));
}

const sharesOfAddress = (email: string) =>
  t.modules.db.selectFrom('file_entry_shares').selectAll().where('email', '=', email).execute();

const sharedNames = async (agent: Agent) =>
  (await agent.get('/api/v1/drive/file-entries?section=shares')).json().data.map((e: { name: string }) => e.name);

async function verifyAddress(agent: Agent, email: string): Promise<void> {
  const before = mail.messages.length;
  expect((await agent.post('/api/v1/resend-email-verification', { email })).statusCode).toBe(200);
  const code = await mail.codeFor(email, before);
  expect((await agent.post('/api/v1/validate-email-verification-otp', { code })).statusCode).toBe(200);
}

/** Alice's folder "Plans" with a file in it, shared with a new address. */
async function sharedPlans(email: string) {
  const alice = await Person.create(t, { first_name: 'Alice' });
  const plans = await alice.folder('Plans');
  const file = await alice.upload('secret.txt', 'the plan', plans.id);
  await alice.share([plans.id], [email], 'download');
  return { alice, plans, file };
}

describe('pending shares and workspace invitations', () => {
  // Account takeover of invitations: a pending invitation reaches an account only on proof of its address.
  it('gives nothing to whoever registers the address without the mail token', async () => {
    const email = freshEmail();
    const { plans, file } = await sharedPlans(email);
    const agent = await register(email);
    expect(await sharedNames(agent)).toEqual([]);
    expect((await agent.get(`/api/v1/file-entries/${file.hash}/download`)).statusCode).toBe(404);
    expect((await agent.get(`/api/v1/drive/file-entries?section=folder&folderHash=${plans.hash}`)).statusCode).toBe(
      404,
    );
    expect(await sharesOfAddress(email)).toMatchObject([{ user_id: null }]);
  });

  it("gives the share to the account registered with the invitation mail's token", async () => {
    const email = freshEmail();
    const { file } = await sharedPlans(email);
    const token = await tokenMailedTo(email, /\/register\//);
    const agent = await register(email, { invite_id: token, invite_type: 'file_entry_share' });
    expect(await sharedNames(agent)).toEqual(['Plans']);
    expect((await agent.get(`/api/v1/file-entries/${file.hash}/download`)).statusCode).toBe(200);
  });

  it('gives the share once the address is verified, after a registration without the token', async () => {
    const email = freshEmail();
    const { file } = await sharedPlans(email);
    const agent = await register(email);
    expect(await sharedNames(agent)).toEqual([]);
    await verifyAddress(agent, email);
    expect(await sharedNames(agent)).toEqual(['Plans']);
    expect((await agent.get(`/api/v1/file-entries/${file.hash}/download`)).statusCode).toBe(200);
  });

  it('takes a token as proof of the address it was mailed to only', async () => {
    const [mine, theirs] = freshEmails(2);
    await sharedPlans(mine);
    const alice = await Person.create(t);
    const other = await alice.folder('Other plans');
    await alice.share([other.id], [theirs], 'view');
    const token = await tokenMailedTo(mine, /\/register\//);
    const agent = await register(theirs, { invite_id: token, invite_type: 'file_entry_share' });
    expect(await sharedNames(agent)).toEqual([]);
  });

  it('gives a workspace invite neither to a registration without the token nor by the inviteId', async () => {
    const owner = await Member.create(t);
    const ws = await owner.createWorkspace('Team');
    const email = freshEmail();
    const invited = await owner.invite(ws.id, [email], 'editor');
    const agent = await register(email);
    const me = (await agent.get('/api/v1/me')).json().user as { id: number };
    expect(await inviteNotifications(t, me.id)).toEqual([]);
    // The inviteId the admins see is not the mail's token: registering with it proves nothing.
    const other = freshEmail();
    await owner.invite(ws.id, [other], 'editor');
    const inviteId = (await owner.members(ws.id)).invites.find((i) => i.email === other)?.id ?? '';
    const byId = await register(other, { invite_id: inviteId });
    const byIdUser = (await byId.get('/api/v1/me')).json().user as { id: number };
    expect(await inviteNotifications(t, byIdUser.id)).toEqual([]);
    expect(invited.workspace.invites).toHaveLength(1);
    expect((await owner.members(ws.id)).members.map((m) => m.email)).not.toContain(email);
  });

  it('hands a workspace invite over with the mail token, or once the address is verified', async () => {
    const owner = await Member.create(t);
    const ws = await owner.createWorkspace('Team');
    const [byToken, byCode] = freshEmails(2);
    await owner.invite(ws.id, [byToken, byCode], 'editor');
    const token = await tokenMailedTo(byToken, /\/workspace\/join\/register\//);
    const first = await register(byToken, { invite_id: token });
    expect((await first.get(`/api/v1/workspace/join/${token}`)).json().workspace).toMatchObject({ id: ws.id });

    const second = await register(byCode);
    const me = (await second.get('/api/v1/me')).json().user as { id: number };
    expect(await inviteNotifications(t, me.id)).toEqual([]);
    await verifyAddress(second, byCode);
    const [note] = await inviteNotifications(t, me.id);
    expect((await second.get(`/api/v1/workspace/join/${note.data.inviteId}`)).json().workspace).toMatchObject({
      id: ws.id,
      role: 'editor',
    });
    expect((await owner.members(ws.id)).members.map((m) => m.email)).toEqual(expect.arrayContaining([byToken, byCode]));
  });
});

describe('invitation mail', () => {
  // Mail bombing: invitation mail is bounded per sender, per address and entry a day, and site-wide.
  it('refuses a share naming more than 20 new addresses with 429, sharing and mailing nothing', async () => {
    const alice = await Person.create(t);
    const doc = await alice.upload('doc.txt', 'doc');
    const emails = freshEmails(21);
    const res = await alice.shareRaw([doc.id], emails, 'view');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'too_many_requests', message: expect.stringMatching(/at most 20/) });
    expect(await mailsTo(emails)).toEqual([]);
    expect(
      await t.modules.db.selectFrom('file_entry_shares').select('id').where('email', 'in', emails).execute(),
    ).toEqual([]);
  });

  it('counts across calls: past 20 addresses in an hour the call answers 429', async () => {
    const alice = await Person.create(t);
    const doc = await alice.upload('doc.txt', 'doc');
    const emails = freshEmails(21);
    expect((await alice.shareRaw([doc.id], emails.slice(0, 20), 'view')).statusCode).toBe(200);
    expect((await alice.shareRaw([doc.id], emails.slice(20), 'view')).statusCode).toBe(429);
    expect(await mailsTo(emails)).toHaveLength(20);
  });

  it('does not mail an address again about an entry shared again within a day', async () => {
    const alice = await Person.create(t);
    const doc = await alice.upload('doc.txt', 'doc');
    const email = freshEmail();
    const first = await alice.share([doc.id], [email], 'view');
    await mail.waitFor(email);
    expect((await del(alice.agent, `/api/v1/file-entries/shares/${first.people[0].id}`)).statusCode).toBe(204);
    await alice.share([doc.id], [email], 'view');
    await alice.share([doc.id], [email], 'edit');
    expect(await mailsTo([email])).toHaveLength(1);
    // The first mail's token still proves the address and brings the share made again.
    const token = await tokenMailedTo(email, /\/register\//);
    const agent = await register(email, { invite_id: token, invite_type: 'file_entry_share' });
    expect(await sharedNames(agent)).toEqual(['doc.txt']);
  });

  it('does not mail again when an invite is cancelled and sent again; the first mail still joins', async () => {
    const owner = await Member.create(t);
    const ws = await owner.createWorkspace('Team');
    const email = freshEmail();
    const first = await owner.invite(ws.id, [email], 'viewer');
    await mail.waitFor(email);
    expect(
      (await del(owner.agent, `/api/v1/workspace/${ws.id}/invite/${first.workspace.invites[0].id}`)).statusCode,
    ).toBe(200);
    await owner.invite(ws.id, [email], 'editor');
    expect(await mailsTo([email])).toHaveLength(1);
    const token = await tokenMailedTo(email, /\/workspace\/join\/register\//);
    const agent = await register(email, { invite_id: token });
    expect((await agent.get(`/api/v1/workspace/join/${token}`)).json().workspace).toMatchObject({
      id: ws.id,
      role: 'editor',
    });
  });

  it('sends at most 20 mails when two parallel calls together name more addresses', async () => {
    const tries = 5;
    for (let i = 0; i < tries; i++) {
      const alice = await Person.create(t);
      const doc = await alice.upload('doc.txt', 'doc');
      const [a, b] = [freshEmails(12), freshEmails(12)];
      const answers = await Promise.all([alice.shareRaw([doc.id], a, 'view'), alice.shareRaw([doc.id], b, 'view')]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429]);
      expect(await mailsTo([...a, ...b])).toHaveLength(12);
    }
  });

  it('stops every sender at the site-wide hourly cap', async () => {
    await t.modules.db.deleteFrom('invitation_mails').execute();
    await settings({ 'mail.invitations_per_hour': 3 });
    const [alice, bob] = [await Person.create(t), await Person.create(t)];
    const [aliceDoc, bobDoc] = [await alice.upload('a.txt', 'a'), await bob.upload('b.txt', 'b')];
    expect((await alice.shareRaw([aliceDoc.id], freshEmails(2), 'view')).statusCode).toBe(200);
    const refused = await bob.shareRaw([bobDoc.id], freshEmails(2), 'view');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/this site/);
  });

  it('limits workspace invites like shares', async () => {
    const owner = await Member.create(t);
    const ws = await owner.createWorkspace('Big team');
    const emails = freshEmails(21);
    expect((await owner.inviteRaw(ws.id, emails.slice(0, 20), 'viewer')).statusCode).toBe(200);
    const res = await owner.inviteRaw(ws.id, emails.slice(20), 'viewer');
    expect(res.statusCode).toBe(429);
    expect((await owner.members(ws.id)).invites.map((i) => i.email)).not.toContain(emails[20]);
    expect(await mailsTo(emails)).toHaveLength(20);
  });
});

describe('share and invite answers', () => {
  // User enumeration: the answer to a new address does not tell whether it has an account.
  it('answer alike for an address with an account and one without', async () => {
    const alice = await Person.create(t);
    const bob = await Person.create(t, { first_name: 'Bob', image: '/api/v1/avatars/bob.webp' });
    const doc = await alice.upload('doc.txt', 'doc');
    const stranger = freshEmail();
    const res = await alice.share([doc.id], [bob.user.email, stranger], 'view');
    const [known, unknown] = res.results;
    expect({ ...known, email: '' }).toEqual({ ...unknown, email: '' });
    const person = (email: string) => {
      const {
        id: _id,
        created_at: _c,
        updated_at: _u,
        ...rest
      } = res.people.find((p) => p.email === email) as Record<string, unknown>;
      return { ...rest, email: '', name: rest.name === email ? 'the address' : rest.name };
    };
    expect(person(bob.user.email)).toEqual(person(stranger));

    const owner = await Member.create(t);
    const ws = await owner.createWorkspace('Team');
    const invited = await owner.invite(ws.id, [bob.user.email, freshEmail()], 'viewer');
    expect(invited.results.map((r) => ({ ...r, email: '' }))).toEqual([
      { email: '', ok: true, invited: true },
      { email: '', ok: true, invited: true },
    ]);
  });
});

describe('GET workspace/join/{inviteId}', () => {
  // CSRF: the join is a state change on a GET, so it needs the anti-forgery header a lured link cannot send.
  it('refuses a cookie caller without the CSRF header and joins with it', async () => {
    const owner = await Member.create(t);
    const ws = await owner.createWorkspace('Team');
    const invitee = await Member.create(t);
    await owner.invite(ws.id, [invitee.user.email], 'viewer');
    const [note] = await inviteNotifications(t, invitee.user.id);
    const url = `/api/v1/workspace/join/${note.data.inviteId}`;
    const forged = await invitee.agent.request({ method: 'GET', url, xsrf: false });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('csrf_token_invalid');
    expect((await owner.members(ws.id)).members.map((m) => m.id)).not.toContain(invitee.user.id);
    expect((await invitee.agent.get(url)).statusCode).toBe(200);
    expect((await owner.members(ws.id)).members.map((m) => m.id)).toContain(invitee.user.id);
  });
});
