import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminEnquiry, type AuditEntry, Permission } from '@kosh/contracts';
import { newAgent } from '../helpers/accounts.ts';
import { MailCatcher } from '../helpers/smtp.ts';
import { type Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { staffAgent } from '../helpers/staff.ts';

const LIST = '/api/v1/admin/enquiries';

let t: TestApp;
let mail: MailCatcher;
let visitor: Agent;
let plainUser: Agent;
let staff: Agent;
let admin: Agent;

/** A signed-in agent; `permission` is granted to the user directly. */
const agentOf = async (opts: { admin?: boolean; permission?: string } = {}): Promise<Agent> =>
  (await staffAgent(t, { admin: opts.admin, permissions: opts.permission ? [opts.permission] : [] })).agent;

async function enquiry(over: { kind?: 'contact' | 'reseller'; email: string; message: string; at: string }) {
  return t.modules.enquiries.repos.enquiries.create({
    kind: over.kind ?? 'contact',
    name: `Sender ${over.email.split('@')[0]}`,
    email: over.email,
    mobile_number: '9876543210',
    message: over.message,
    user_id: null,
    ip_address: '203.0.113.9',
    user_agent: null,
    mailed_at: null,
    created_at: over.at,
  });
}

const list = async (agent: Agent, query = ''): Promise<AdminEnquiry[]> => {
  const res = await agent.get(`${LIST}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.data;
};

let quote: { id: number };
let reseller: { id: number };

beforeAll(async () => {
  mail = await new MailCatcher().start();
  t = await createTestApp({ SMTP_URL: mail.url });
  visitor = newAgent(t);
  plainUser = await agentOf();
  staff = await agentOf({ permission: Permission.adminAccess });
  admin = await agentOf({ admin: true });
  quote = await enquiry({
    email: 'asha@example.test',
    message: 'Quote for 10 TB: ₹1,536.00\nCan you do 100% uptime?',
    at: '2026-11-20T10:00:00.000Z',
  });
  reseller = await enquiry({
    kind: 'reseller',
    email: 'ravi@example.test',
    message: 'We resell storage.',
    at: '2026-11-24T10:00:00.000Z',
  });
});
let mailClosed = false;
afterAll(async () => {
  await t.close();
  if (!mailClosed) await mail.close();
});

describe('admin enquiries', () => {
  it('are for staff holding admin.access; nothing changes on a refusal', async () => {
    for (const agent of [visitor, plainUser]) {
      const expected = agent === visitor ? 401 : 403;
      expect((await agent.get(LIST)).statusCode).toBe(expected);
      const put = await agent.request({ method: 'PUT', url: `${LIST}/${quote.id}`, payload: { status: 'archived' } });
      expect(put.statusCode).toBe(expected);
      const reply = await agent.request({
        method: 'POST',
        url: `${LIST}/${quote.id}/reply`,
        payload: { subject: 'Hi', message: 'Hello' },
      });
      expect(reply.statusCode).toBe(expected);
    }
    expect((await list(admin)).map((e) => e.status)).toEqual(['new', 'new']);
  });

  it('lists newest first, filtered by kind, status and date, and searched', async () => {
    expect((await list(staff)).map((e) => e.email)).toEqual(['ravi@example.test', 'asha@example.test']);
    expect((await list(staff, '?kind=reseller')).map((e) => e.id)).toEqual([reseller.id]);
    expect((await list(staff, '?from=2026-11-19&to=2026-11-20')).map((e) => e.id)).toEqual([quote.id]);
    expect((await list(staff, '?query=100%25%20UPTIME')).map((e) => e.id)).toEqual([quote.id]);
    expect((await list(staff, '?query=RAVI')).map((e) => e.id)).toEqual([reseller.id]);
  });

  it('archives an enquiry, audited', async () => {
    const res = await staff.request({ method: 'PUT', url: `${LIST}/${reseller.id}`, payload: { status: 'archived' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().enquiry.status).toBe('archived');
    expect((await list(staff, '?status=archived')).map((e) => e.id)).toEqual([reseller.id]);
    const audit: AuditEntry[] = (await admin.get('/api/v1/admin/audit-log?action=enquiry.status')).json().pagination
      .data;
    expect(audit[0]).toMatchObject({
      target_id: String(reseller.id),
      before: { status: 'new' },
      after: { status: 'archived' },
    });
  });

  it('replies by mail with the message quoted, and marks the enquiry answered', async () => {
    const res = await staff.request({
      method: 'POST',
      url: `${LIST}/${quote.id}/reply`,
      payload: { subject: 'Your 10 TB quote', message: 'Yes, <b>we</b> can.\nRegards' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().enquiry).toMatchObject({ status: 'answered' });
    expect(res.json().enquiry.replied_at).toBeTruthy();
    const sent = await mail.waitFor('asha@example.test', (m) => m.subject === 'Your 10 TB quote');
    expect(sent.text).toContain('Yes, <b>we</b> can.');
    expect(sent.text).toContain('> Can you do 100% uptime?');
    expect(sent.html).toContain('&#60;b&#62;we&#60;/b&#62;');
    const logged = (await admin.get('/api/v1/admin/mail-log?template=enquiry_reply')).json().pagination.data;
    expect(logged[0]).toMatchObject({ to: 'asha@example.test', status: 'sent' });
  });

  it('answers 422 for bad input and 404 for an unknown enquiry', async () => {
    const bad = await staff.request({ method: 'PUT', url: `${LIST}/${quote.id}`, payload: { status: 'spam' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('status');
    const empty = await staff.request({
      method: 'POST',
      url: `${LIST}/${quote.id}/reply`,
      payload: { subject: ' ', message: 'x'.repeat(10_001) },
    });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['message', 'subject']);
    expect((await staff.get(`${LIST}?status=open`)).statusCode).toBe(422);
    const missing = await staff.request({ method: 'PUT', url: `${LIST}/999999`, payload: { status: 'new' } });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the audit trail whole when staff change one enquiry at once', async () => {
    const raced = await enquiry({ email: 'race@example.test', message: 'Two of you?', at: '2026-11-25T10:00:00.000Z' });
    const statuses = ['answered', 'archived', 'new'] as const;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 4 === 3
          ? staff.request({
              method: 'POST',
              url: `${LIST}/${raced.id}/reply`,
              payload: { subject: 'Re: race', message: `Reply ${i}` },
            })
          : staff.request({ method: 'PUT', url: `${LIST}/${raced.id}`, payload: { status: statuses[i % 3] } }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    const trail: AuditEntry[] = (
      await admin.get(`/api/v1/admin/audit-log?targetType=enquiry&targetId=${raced.id}&orderDir=asc&perPage=100`)
    ).json().pagination.data;
    // Each change starts from the status the one before it left: none was lost or recorded twice.
    let status = 'new';
    for (const entry of trail) {
      expect((entry.before as { status: string }).status).toBe(status);
      status = (entry.after as { status: string }).status;
    }
    const now = (await list(staff, '?query=race%40example.test'))[0];
    expect(now.status).toBe(status);
  });

  it('answers 503 and changes nothing when the reply cannot be mailed', async () => {
    await mail.close();
    mailClosed = true;
    const res = await staff.request({
      method: 'POST',
      url: `${LIST}/${reseller.id}/reply`,
      payload: { subject: 'Re: reselling', message: 'Let us talk.' },
    });
    expect(res.statusCode).toBe(503);
    expect((await list(staff, '?kind=reseller'))[0]).toMatchObject({ status: 'archived', replied_at: null });
    const failed = (await admin.get('/api/v1/admin/mail-log?status=failed')).json().pagination.data;
    expect(failed[0]).toMatchObject({ to: 'ravi@example.test', template: 'enquiry_reply' });
  });
});

describe('admin enquiries in bulk', () => {
  const STATUS = `${LIST}/status`;
  const DELETE = `${LIST}/delete`;
  const post = (agent: Agent, url: string, payload: object) => agent.request({ method: 'POST', url, payload });
  const bulkTrio = async (tag: string) =>
    Promise.all(
      ['one', 'two', 'three'].map((n, i) =>
        enquiry({ email: `${tag}-${n}@example.test`, message: `Bulk ${n}`, at: `2026-11-2${i}T08:00:00.000Z` }),
      ),
    );

  it('are for staff holding admin.access; nothing changes on a refusal', async () => {
    const [a] = await bulkTrio('refused');
    for (const agent of [visitor, plainUser]) {
      const expected = agent === visitor ? 401 : 403;
      expect((await post(agent, STATUS, { ids: [a.id], status: 'archived' })).statusCode).toBe(expected);
      expect((await post(agent, DELETE, { ids: [a.id] })).statusCode).toBe(expected);
    }
    expect((await list(admin, '?query=refused-one')).map((e) => e.status)).toEqual(['new']);
  });

  it('archives the picked enquiries, each audited, and says which were gone', async () => {
    const [a, b, c] = await bulkTrio('archive');
    const res = await post(staff, STATUS, { ids: [a.id, b.id, 999_999], status: 'archived' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { id: a.id, ok: true },
      { id: b.id, ok: true },
      { id: 999_999, ok: false, message: 'There is no such enquiry.' },
    ]);
    const shown = await list(staff, '?query=archive-');
    expect(Object.fromEntries(shown.map((e) => [e.id, e.status]))).toEqual({
      [a.id]: 'archived',
      [b.id]: 'archived',
      [c.id]: 'new',
    });
    const audit: AuditEntry[] = (await admin.get('/api/v1/admin/audit-log?action=enquiry.status&perPage=100')).json()
      .pagination.data;
    expect(audit.filter((e) => [String(a.id), String(b.id)].includes(e.target_id ?? '')).length).toBe(2);
  });

  it('deletes the picked enquiries for good, audited without their message', async () => {
    const [a, b, c] = await bulkTrio('delete');
    const res = await post(staff, DELETE, { ids: [a.id, c.id, a.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { id: a.id, ok: true },
      { id: c.id, ok: true },
    ]);
    expect((await list(staff, '?query=delete-')).map((e) => e.id)).toEqual([b.id]);
    const again = await post(staff, DELETE, { ids: [a.id] });
    expect(again.json().results).toEqual([{ id: a.id, ok: false, message: 'There is no such enquiry.' }]);
    const audit: AuditEntry[] = (await admin.get('/api/v1/admin/audit-log?action=enquiry.delete')).json().pagination
      .data;
    const row = audit.find((e) => e.target_id === String(a.id));
    expect(row).toMatchObject({ target_label: 'delete-one@example.test', before: { kind: 'contact', status: 'new' } });
    expect(JSON.stringify(row)).not.toContain('Bulk one');
  });

  it('answers 422 for no ids, too many ids and a status that is not one', async () => {
    const cases: Array<[string, object, string]> = [
      [STATUS, { ids: [], status: 'archived' }, 'ids'],
      [STATUS, { ids: [1], status: 'spam' }, 'status'],
      [DELETE, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'ids'],
      [DELETE, { ids: ['x'] }, 'ids.0'],
    ];
    for (const [url, payload, field] of cases) {
      const res = await post(staff, url, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(422);
      expect(res.json().errors).toHaveProperty([field]);
    }
  });
});
