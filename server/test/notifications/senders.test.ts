import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FREE_STORAGE_BYTES, type NotificationData } from '@kosh/contracts';
import { confirmPassword, createAccountsApp, del, newAgent, put, signIn } from '../helpers/accounts.ts';
import { enableTwoFactor } from '../helpers/accounts.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { browserHeaders, finishTus, listen, tusUpload } from '../helpers/uploads.ts';
import { Person } from '../shares/sharing.ts';
import { eventually } from './notifications.ts';

let t: TestApp;
let mail: MailCatcher;
let close: () => Promise<void>;
let base: string;
beforeAll(async () => {
  ({ t, mail, close } = await createAccountsApp());
  base = await listen(t);
});
afterAll(() => close());
beforeEach(() => t.modules.settings.service.set('drive.default_space_bytes', FREE_STORAGE_BYTES));

const idle = () => t.modules.notifications.service.idle();

async function notificationsOf(userId: number, type: string) {
  const rows = await t.modules.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, data: JSON.parse(r.data) as NotificationData }));
}

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:126.0) Gecko/20100101 Firefox/126.0';

describe('file shared', () => {
  it('notifies the recipient and mails them only while email is on for shares', async () => {
    const owner = await Person.create(t, { first_name: 'Asha', last_name: 'Rao' });
    const bob = await Person.create(t);
    const first = await owner.folder('Plans');
    await owner.share([first.id], [bob.user.email], 'view');
    await mail.waitFor(bob.user.email, (m) => m.subject === 'Asha Rao shared "Plans" with you');

    await put(bob.agent, '/api/v1/notifications/me/subscriptions', {
      selections: [{ notif_id: 'file-entry-shared', channels: { email: false } }],
    });
    const second = await owner.folder('Budget');
    await owner.share([second.id], [bob.user.email], 'view');
    await idle();
    const shared = await notificationsOf(bob.user.id, 'file-entry-shared');
    expect(shared.map((n) => n.data.lines[0].content)).toEqual([
      '<strong>Asha Rao</strong> shared <strong>"Plans"</strong> with you',
      '<strong>Asha Rao</strong> shared <strong>"Budget"</strong> with you',
    ]);
    expect(mail.messages.filter((m) => m.subject.includes('Budget'))).toEqual([]);
  });
});

describe('upload into a shared folder', () => {
  it("tells a folder's owner when someone with edit uploads into it (plain or tus), not the owner's own", async () => {
    const owner = await Person.create(t);
    const bob = await Person.create(t, { first_name: 'Bob', last_name: 'Lee' });
    const team = await owner.folder('Team <b>');
    await owner.share([team.id], [bob.user.email], 'edit');
    await owner.upload('mine.txt', 'by the owner', team.id);
    await bob.upload('report.txt', 'by bob', team.id);
    const { url } = await tusUpload(Buffer.from('resumable by bob'), {
      endpoint: `${base}/api/v1/tus/upload`,
      headers: await browserHeaders(bob.agent),
      metadata: { name: 'big <img>.bin', parentId: String(team.id) },
    });
    await finishTus(bob.agent, url);

    const uploads = await eventually(async () => {
      const rows = await notificationsOf(owner.user.id, 'shared-folder-upload');
      expect(rows).toHaveLength(2);
      return rows;
    });
    expect(uploads.map((n) => n.data.lines[0].content)).toEqual([
      '<strong>Bob Lee</strong> uploaded <strong>report.txt</strong> to <strong>Team &lt;b&gt;</strong>',
      '<strong>Bob Lee</strong> uploaded <strong>big &lt;img&gt;.bin</strong> to <strong>Team &lt;b&gt;</strong>',
    ]);
    expect(uploads[0].data.mainAction).toEqual({ action: `/drive/folders/${team.hash}`, label: 'Open' });
    expect(await notificationsOf(bob.user.id, 'shared-folder-upload')).toEqual([]);
  });
});

describe('storage almost full', () => {
  it('tells once when an upload takes the used space past 90%, again only after it falls below and back', async () => {
    await t.modules.settings.service.set('drive.default_space_bytes', 1000);
    const me = await Person.create(t);
    await me.upload('a.bin', Buffer.alloc(800));
    await idle();
    expect(await notificationsOf(me.user.id, 'storage-almost-full')).toEqual([]);
    const b = await me.upload('b.bin', Buffer.alloc(150));
    const [first] = await eventually(async () => {
      const rows = await notificationsOf(me.user.id, 'storage-almost-full');
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(first.data.lines[0].content).toBe(
      'Your storage space is almost full: <strong>950 B</strong> of <strong>1000 B</strong> used.',
    );
    await mail.waitFor(me.user.email, (m) => m.subject.startsWith('Your storage space is almost full'));

    await me.upload('c.bin', Buffer.alloc(10));
    await idle();
    expect(await notificationsOf(me.user.id, 'storage-almost-full')).toHaveLength(1);

    // Deleted for good: back under the line; the next crossing tells again.
    expect(
      (await me.agent.post('/api/v1/file-entries/delete', { entryIds: [b.id], deleteForever: true })).statusCode,
    ).toBe(200);
    await me.upload('d.bin', Buffer.alloc(50));
    await idle();
    expect(await notificationsOf(me.user.id, 'storage-almost-full')).toHaveLength(1);
    await me.upload('e.bin', Buffer.alloc(60));
    await eventually(async () => expect(await notificationsOf(me.user.id, 'storage-almost-full')).toHaveLength(2));
  });
});

describe('security notifications', () => {
  it('tells of a sign-in from a browser and platform not seen before, not of the first one or a repeat', async () => {
    const me = await Person.create(t);
    const email = me.user.email;
    const password = 'correct horse battery';
    const chrome = newAgent(t, { 'user-agent': CHROME_LINUX });
    expect((await signIn(chrome, email, password)).statusCode).toBe(200);
    expect((await signIn(newAgent(t, { 'user-agent': CHROME_LINUX }), email, password)).statusCode).toBe(200);
    expect(await notificationsOf(me.user.id, 'new-sign-in')).toEqual([]);

    expect((await signIn(newAgent(t, { 'user-agent': FIREFOX_WINDOWS }), email, password)).statusCode).toBe(200);
    const [n] = await notificationsOf(me.user.id, 'new-sign-in');
    expect(n.data.lines[0]).toEqual({
      type: 'primary',
      content: 'New sign-in to your account from <strong>Firefox</strong> on <strong>Windows</strong>',
    });
    expect(n.data.mainAction).toEqual({ action: '/account-settings', label: 'Review' });
    const message = await mail.waitFor(email, (m) => m.subject.startsWith('New sign-in'));
    expect(message.text).toContain('/account-settings');
    expect((await signIn(newAgent(t, { 'user-agent': FIREFOX_WINDOWS }), email, password)).statusCode).toBe(200);
    expect(await notificationsOf(me.user.id, 'new-sign-in')).toHaveLength(1);
  });

  it('tells when two-factor authentication is turned on and off', async () => {
    const me = await Person.create(t);
    await enableTwoFactor(me.agent, 'correct horse battery');
    await confirmPassword(me.agent, 'correct horse battery');
    expect((await del(me.agent, '/auth/user/two-factor-authentication')).statusCode).toBe(200);
    const rows = await notificationsOf(me.user.id, 'two-factor-changed');
    expect(rows.map((r) => r.data.lines[0].content)).toEqual([
      'Two-factor authentication was turned <strong>on</strong> for your account',
      'Two-factor authentication was turned <strong>off</strong> for your account',
    ]);
    await mail.waitFor(me.user.email, (m) => m.subject.includes('turned off'));
  });
});
