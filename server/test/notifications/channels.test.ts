import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountsApp, del, newAgent, put } from '../helpers/accounts.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import { PushClient, PushService, verifyVapid } from '../helpers/push-receiver.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { eventually, lineData, notify } from './notifications.ts';

let t: TestApp;
let mail: MailCatcher;
let pushService: PushService;
let close: () => Promise<void>;
beforeAll(async () => {
  pushService = await new PushService().start();
  // The stand-in push service listens on loopback over http: allowed for this app only.
  ({ t, mail, close } = await createAccountsApp({ WEB_PUSH_ALLOWED_HOSTS: '127.0.0.1' }));
});
afterAll(async () => {
  await close();
  await pushService.close();
});

async function person() {
  const user = await createUser(t.modules);
  const agent = newAgent(t);
  await loginAs(t.modules, agent, user);
  return { user, agent };
}

const idle = () => t.modules.notifications.service.idle();
let n = 0;
const unique = (label: string) => `${label} ${Date.now()}-${n++}`;

describe('notification subscriptions', () => {
  it('lists every notification type by group, email and browser on by default where the product says', async () => {
    const { agent } = await person();
    const res = await agent.get('/api/v1/notifications/me/subscriptions');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.available_channels).toEqual(['email', 'browser']);
    const ids = Object.values(body.subscriptions as Record<string, Array<{ notif_id: string; name: string }>>)
      .flat()
      .map((s) => s.notif_id);
    expect(ids.sort()).toEqual([
      'file-entry-shared',
      'new-sign-in',
      'payment-failed',
      'payment-received',
      'shared-folder-upload',
      'storage-almost-full',
      'subscription-cancelled',
      'subscription-ended',
      'subscription-ending',
      'two-factor-changed',
      'workspace-invite',
      'workspace-joined',
    ]);
    expect(Object.keys(body.subscriptions)).toEqual(['Sharing', 'Workspaces', 'Storage', 'Security', 'Billing']);
    expect(body.subscriptions.Security).toEqual([
      { notif_id: 'new-sign-in', name: 'A new sign-in to my account' },
      { notif_id: 'two-factor-changed', name: 'Two-factor authentication is turned on or off' },
    ]);
    expect(body.user_selections).toHaveLength(12);
    expect(body.user_selections).toContainEqual({
      notif_id: 'file-entry-shared',
      channels: { email: true, browser: true },
    });
    expect(body.user_selections).toContainEqual({
      notif_id: 'shared-folder-upload',
      channels: { email: false, browser: true },
    });
  });

  it('saves choices; a channel left out keeps its value; another user is not affected', async () => {
    const a = await person();
    const b = await person();
    let res = await put(a.agent, '/api/v1/notifications/me/subscriptions', {
      selections: [
        { notif_id: 'file-entry-shared', channels: { email: false, browser: true } },
        { notif_id: 'new-sign-in', channels: { browser: false } },
      ],
    });
    expect([res.statusCode, res.json()]).toEqual([200, {}]);
    const mine = (await a.agent.get('/api/v1/notifications/me/subscriptions')).json().user_selections;
    expect(mine).toContainEqual({ notif_id: 'file-entry-shared', channels: { email: false, browser: true } });
    expect(mine).toContainEqual({ notif_id: 'new-sign-in', channels: { email: true, browser: false } });
    res = await put(a.agent, '/api/v1/notifications/me/subscriptions', {
      selections: [{ notif_id: 'new-sign-in', channels: { email: false } }],
    });
    expect((await a.agent.get('/api/v1/notifications/me/subscriptions')).json().user_selections).toContainEqual({
      notif_id: 'new-sign-in',
      channels: { email: false, browser: false },
    });
    expect((await b.agent.get('/api/v1/notifications/me/subscriptions')).json().user_selections).toContainEqual({
      notif_id: 'file-entry-shared',
      channels: { email: true, browser: true },
    });
  });

  it('refuses bad selections (422 with errors)', async () => {
    const { agent } = await person();
    for (const body of [
      {},
      { selections: 'x' },
      { selections: [{ notif_id: 'no-such-type', channels: { email: true } }] },
      { selections: [{ notif_id: 'new-sign-in', channels: { email: 'yes' } }] },
      { selections: [{ notif_id: 'new-sign-in' }] },
    ]) {
      const res = await put(agent, '/api/v1/notifications/me/subscriptions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ message: expect.any(String), errors: expect.any(Object) });
    }
  });

  it('mails a notification while email is on for its type, and not after it is turned off', async () => {
    const { user, agent } = await person();
    const first = unique('Mailed');
    await t.modules.notifications.notify(user.id, {
      type: 'storage-almost-full',
      baseUrl: 'https://kosh.example.com',
      data: lineData(`<strong>${first}</strong> &amp; co`),
    });
    const message = await mail.waitFor(user.email, (m) => m.subject.includes(first));
    expect(message.subject).toBe(`${first} & co`);
    expect(message.text).toContain('Open: https://kosh.example.com/drive');
    expect(message.html).toContain(`<strong>${first}</strong>`);

    await put(agent, '/api/v1/notifications/me/subscriptions', {
      selections: [{ notif_id: 'storage-almost-full', channels: { email: false } }],
    });
    const second = unique('Not mailed');
    await notify(t, user.id, second, 'storage-almost-full');
    await idle();
    // A type still on is mailed: the catcher is receiving, so the missing one was never sent.
    const control = unique('Control');
    await notify(t, user.id, control, 'new-sign-in');
    await mail.waitFor(user.email, (m) => m.subject.includes(control));
    expect(mail.messages.filter((m) => m.subject.includes(second))).toEqual([]);
    // The in-app list gets it either way.
    expect((await agent.get('/api/v1/notifications')).json().pagination.data[1].data.lines[0].content).toBe(second);
  });

  it("delivers a notification stored in the caller's transaction once it commits, none if it rolls back", async () => {
    const { user, agent } = await person();
    const kept = unique('Committed');
    const dropped = unique('Rolled back');
    await t.modules.db
      .transaction()
      .execute((trx) => t.modules.notifications.notify(user.id, { type: 'new-sign-in', data: lineData(kept) }, trx));
    await t.modules.db
      .transaction()
      .execute(async (trx) => {
        await t.modules.notifications.notify(user.id, { type: 'new-sign-in', data: lineData(dropped) }, trx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await mail.waitFor(user.email, (m) => m.subject === kept);
    await idle();
    expect(mail.messages.filter((m) => m.subject === dropped)).toEqual([]);
    expect(
      (await agent.get('/api/v1/notifications'))
        .json()
        .pagination.data.map((n: { data: { lines: Array<{ content: string }> } }) => n.data.lines[0].content),
    ).toEqual([kept]);
  });

  it('pushes encrypted messages to subscribed browsers while browser is on, signed with the VAPID key', async () => {
    const { user, agent } = await person();
    const browser = new PushClient();
    const name = unique('browser').replace(/\W/g, '');
    const endpoint = pushService.endpoint(name);
    const res = await agent.post('/api/v1/notifications/push-subscriptions', { endpoint, keys: browser.keys });
    expect([res.statusCode, res.json()]).toEqual([201, {}]);

    const line = unique('Pushed');
    await notify(t, user.id, `<strong>${line}</strong>`, 'file-entry-shared', {
      mainAction: { action: '/drive/shares', label: 'Open' },
    });
    const [message] = await eventually(() => {
      const got = pushService.to(name);
      if (!got.length) throw new Error('no push yet');
      return got;
    });
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message.headers.ttl)).toBeGreaterThan(0);
    expect(message.body.toString('utf8')).not.toContain(line);
    const payload = JSON.parse(browser.decrypt(message.body));
    const [stored] = (await agent.get('/api/v1/notifications')).json().pagination.data;
    expect(payload).toEqual({
      id: stored.id,
      type: 'file-entry-shared',
      title: 'Kosh',
      body: line,
      url: expect.stringMatching(/\/drive\/shares$/),
    });
    const vapidKey = (await agent.get('/api/v1/bootstrap-data')).json().settings.notifications.vapid_public_key;
    expect(verifyVapid(message.headers, endpoint).publicKey).toBe(vapidKey);

    await put(agent, '/api/v1/notifications/me/subscriptions', {
      selections: [{ notif_id: 'file-entry-shared', channels: { browser: false } }],
    });
    await notify(t, user.id, unique('Quiet'), 'file-entry-shared');
    await idle();
    expect(pushService.to(name)).toHaveLength(1);
    await notify(t, user.id, unique('Loud'), 'new-sign-in');
    await idle();
    expect(pushService.to(name)).toHaveLength(2);
  });

  it('deletes a subscription the push service reports gone (410)', async () => {
    const { user, agent } = await person();
    const name = unique('gone').replace(/\W/g, '');
    await agent.post('/api/v1/notifications/push-subscriptions', {
      endpoint: pushService.endpoint(name),
      keys: new PushClient().keys,
    });
    pushService.status = 410;
    try {
      await notify(t, user.id, 'to a gone browser', 'new-sign-in');
      await idle();
    } finally {
      pushService.status = 201;
    }
    expect(pushService.to(name)).toHaveLength(1);
    expect(await t.modules.notifications.repos.subscriptions.pushOf(user.id)).toEqual([]);
  });

  it('refuses endpoints that are not public https addresses, and bad keys (422)', async () => {
    const { agent } = await person();
    const keys = new PushClient().keys;
    for (const endpoint of [
      'http://push.example.com/x',
      'https://10.0.0.5/x',
      'https://192.168.1.1/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://169.254.169.254/latest',
      'ftp://push.example.com/x',
      'not a url',
    ]) {
      const res = await agent.post('/api/v1/notifications/push-subscriptions', { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(422);
      expect(res.json().errors).toHaveProperty('endpoint');
    }
    for (const bad of [
      { p256dh: 'AAAA', auth: keys.auth },
      { p256dh: keys.p256dh, auth: 'AAAA' },
    ]) {
      const res = await agent.post('/api/v1/notifications/push-subscriptions', {
        endpoint: 'https://push.example.com/x',
        keys: bad,
      });
      expect(res.statusCode).toBe(422);
    }
    expect(
      (await agent.post('/api/v1/notifications/push-subscriptions', { endpoint: 'https://push.example.com/ok', keys }))
        .statusCode,
    ).toBe(201);
  });

  it("unsubscribes a browser; another user's endpoint is left alone", async () => {
    const a = await person();
    const b = await person();
    const keys = new PushClient().keys;
    await a.agent.post('/api/v1/notifications/push-subscriptions', { endpoint: 'https://push.example.com/a1', keys });
    await b.agent.post('/api/v1/notifications/push-subscriptions', { endpoint: 'https://push.example.com/b1', keys });
    expect(
      (await del(a.agent, '/api/v1/notifications/push-subscriptions', { endpoint: 'https://push.example.com/b1' }))
        .statusCode,
    ).toBe(200);
    expect((await t.modules.notifications.repos.subscriptions.pushOf(b.user.id)).map((s) => s.endpoint)).toEqual([
      'https://push.example.com/b1',
    ]);
    expect(
      (await del(a.agent, '/api/v1/notifications/push-subscriptions', { endpoint: 'https://push.example.com/a1' }))
        .statusCode,
    ).toBe(200);
    expect(await t.modules.notifications.repos.subscriptions.pushOf(a.user.id)).toEqual([]);
  });
});
