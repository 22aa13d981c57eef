import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsApp, del, newAgent } from '../helpers/accounts.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { listPage, notify } from './notifications.ts';

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await createAccountsApp());
});
afterAll(() => close());

async function person() {
  const user = await createUser(t.modules);
  const agent = newAgent(t);
  await loginAs(t.modules, agent, user);
  return { user, agent };
}

describe('notifications list, mark as read and clear', () => {
  it('pages 30 at a time, newest first', async () => {
    const { user, agent } = await person();
    for (let i = 1; i <= 31; i++) await notify(t, user.id, `<strong>Item ${i}</strong>`);
    const first = await listPage(agent);
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 30, total: 31 });
    expect(first.data).toHaveLength(30);
    expect(first.data[0].data.lines[0].content).toBe('<strong>Item 31</strong>');
    expect(first.data[29].data.lines[0].content).toBe('<strong>Item 2</strong>');
    expect(first.data[0]).toMatchObject({
      type: 'file-entry-shared',
      read_at: null,
      created_at: expect.any(String),
      id: expect.any(String),
    });
    const second = await listPage(agent, '?page=2');
    expect(second.data.map((n) => n.data.lines[0].content)).toEqual(['<strong>Item 1</strong>']);
    expect((await listPage(agent, '?perPage=10&page=4')).data).toHaveLength(1);
  });

  it('refuses a page size over 30 and a bad page (422)', async () => {
    const { agent } = await person();
    const res = await agent.get('/api/v1/notifications?perPage=31');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('perPage');
    expect((await agent.get('/api/v1/notifications?page=0')).statusCode).toBe(422);
  });

  it('marks read and answers the unread count; ids of another user change nothing', async () => {
    const a = await person();
    const b = await person();
    for (let i = 0; i < 3; i++) await notify(t, a.user.id, `a ${i}`);
    await notify(t, b.user.id, 'b 0');
    const mine = (await listPage(a.agent)).data;
    const theirs = (await listPage(b.agent)).data;

    let res = await a.agent.post('/api/v1/notifications/mark-as-read', { ids: [mine[0].id, theirs[0].id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unreadCount: 2 });
    expect((await listPage(b.agent)).data[0].read_at).toBeNull();
    const after = (await listPage(a.agent)).data;
    expect(after[0].read_at).toEqual(expect.any(String));
    expect(after[1].read_at).toBeNull();

    res = await b.agent.post('/api/v1/notifications/mark-as-read', { ids: [mine[1].id] });
    expect(res.json()).toEqual({ unreadCount: 1 });
    expect((await listPage(a.agent)).data[1].read_at).toBeNull();

    res = await a.agent.post('/api/v1/notifications/mark-as-read', { all: true });
    expect(res.json()).toEqual({ unreadCount: 0 });
    expect((await listPage(b.agent)).data[0].read_at).toBeNull();
  });

  it('refuses a mark-as-read without ids (422)', async () => {
    const { agent } = await person();
    for (const body of [{}, { ids: [] }, { ids: 'x' }, { all: false }]) {
      const res = await agent.post('/api/v1/notifications/mark-as-read', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toHaveProperty('errors');
    }
  });

  it("clears all of the caller's notifications and no one else's", async () => {
    const a = await person();
    const b = await person();
    await notify(t, a.user.id, 'a');
    await notify(t, a.user.id, 'a2');
    await notify(t, b.user.id, 'b');
    const res = await del(a.agent, '/api/v1/notifications/clear');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect((await listPage(a.agent)).total).toBe(0);
    expect((await listPage(b.agent)).total).toBe(1);
  });

  it('puts the unread count in bootstrap data', async () => {
    const { user, agent } = await person();
    await notify(t, user.id, 'one');
    await notify(t, user.id, 'two');
    let boot = (await agent.get('/api/v1/bootstrap-data')).json();
    expect(boot.user.unread_notifications_count).toBe(2);
    expect(boot.settings.notifications).toMatchObject({
      integrated: true,
      vapid_public_key: expect.stringMatching(/^[\w-]{80,90}$/),
    });
    expect(boot.settings.notif.subs.integrated).toBe(true);
    expect(JSON.stringify(boot)).not.toContain('privateKey');
    await agent.post('/api/v1/notifications/mark-as-read', { all: true });
    boot = (await agent.get('/api/v1/bootstrap-data')).json();
    expect(boot.user.unread_notifications_count).toBe(0);
  });

  it('sanitises the HTML of lines before storing it', async () => {
    const { user, agent } = await person();
    await notify(
      t,
      user.id,
      [
        '<strong onclick="x()">Asha</strong> <script>alert(1)</script><img src=x onerror="alert(2)">',
        '<a href="javascript:alert(3)">bad</a> <a href="https://example.com/x" target="_blank">ok</a> ',
        '<a href="/drive/folders/abc">in</a> <em>e</em><br><span style="color:red">s</span>',
        '<iframe src="https://evil.test"></iframe>',
      ].join(''),
    );
    const [n] = (await listPage(agent)).data;
    const html = n.data.lines[0].content;
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|<img|iframe|style=|target=/i);
    expect(html).toBe(
      '<strong>Asha</strong> <a>bad</a> <a href="https://example.com/x">ok</a> ' +
        '<a href="/drive/folders/abc">in</a> <em>e</em><br /><span>s</span>',
    );
    const row = await t.modules.db
      .selectFrom('notifications')
      .select('data')
      .where('id', '=', n.id)
      .executeTakeFirstOrThrow();
    expect(row.data).not.toContain('onerror');
  });

  it('answers 401 to guests on every notifications call', async () => {
    const guest = newAgent(t);
    const calls = [
      guest.get('/api/v1/notifications'),
      guest.post('/api/v1/notifications/mark-as-read', { ids: ['x'] }),
      del(guest, '/api/v1/notifications/clear'),
      guest.get('/api/v1/notifications/me/subscriptions'),
      guest.request({ method: 'PUT', url: '/api/v1/notifications/me/subscriptions', payload: { selections: [] } }),
      guest.post('/api/v1/notifications/push-subscriptions', {
        endpoint: 'https://push.example.com/x',
        keys: { p256dh: 'a', auth: 'b' },
      }),
      del(guest, '/api/v1/notifications/push-subscriptions', { endpoint: 'https://push.example.com/x' }),
      guest.get('/api/v1/notifications/stream'),
    ];
    for (const res of await Promise.all(calls))
      expect([res.statusCode, res.json()]).toEqual([401, { message: expect.any(String), code: 'unauthenticated' }]);
  });

  it('lists the routes in the OpenAPI document', async () => {
    const doc = (await newAgent(t).get('/api-docs/json')).json();
    const paths = Object.keys(doc.paths ?? {});
    for (const p of [
      '/api/v1/notifications',
      '/api/v1/notifications/mark-as-read',
      '/api/v1/notifications/clear',
      '/api/v1/notifications/me/subscriptions',
      '/api/v1/notifications/push-subscriptions',
      '/api/v1/notifications/stream',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
