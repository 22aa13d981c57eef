import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, type MailTemplate, type MailTemplateSummary, Permission } from '@kosh/contracts';
import { createAccountsApp, del, newAgent, nextClientIp, put } from '../helpers/accounts.ts';
import { createUser } from '../helpers/factories.ts';
import type { MailCatcher } from '../helpers/smtp.ts';
import { staffAgent } from '../helpers/staff.ts';
import { Agent, type SecondApp, startSecondApp, type TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';

const LIST = '/api/v1/admin/mail-templates';
const RESET = `${LIST}/password_reset`;

let t: TestApp;
let mail: MailCatcher;
let close: () => Promise<void>;
let plainUser: Agent;
let staff: Agent;
let admin: Agent;

beforeAll(async () => {
  ({ t, mail, close } = await createAccountsApp());
  plainUser = (await staffAgent(t)).agent;
  staff = (await staffAgent(t, { permissions: [Permission.settingsUpdate] })).agent;
  admin = (await staffAgent(t, { admin: true })).agent;
});
afterAll(() => close());

const getTemplate = async (id: string): Promise<MailTemplate> => {
  const res = await staff.get(`${LIST}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().template;
};
const save = async (id: string, body: Partial<Pick<MailTemplate, 'subject' | 'html' | 'text'>>) => {
  const current = await getTemplate(id);
  return put(staff, `${LIST}/${id}`, { subject: current.subject, html: current.html, text: current.text, ...body });
};
const saved = async (id: string, body: Partial<Pick<MailTemplate, 'subject' | 'html' | 'text'>>) => {
  const res = await save(id, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().template as MailTemplate;
};
const restore = async (id: string) => {
  const res = await del(staff, `${LIST}/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().template as MailTemplate;
};
const auditOf = async (action: string): Promise<AuditEntry[]> => {
  const res = await admin.get(`/api/v1/admin/audit-log?action=${action}&perPage=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.data;
};
/** Asks for a password reset of a new account through `app`; answers the mail that arrived. */
async function resetMailVia(agent: Agent) {
  const user = await createUser(t.modules);
  const res = await agent.post('/auth/forgot-password', { email: user.email });
  expect(res.statusCode, res.body).toBe(200);
  return mail.waitFor(user.email);
}

describe('admin mail templates', () => {
  it('answers 401 without a session and 403 without settings.update, and changes nothing', async () => {
    const body = { subject: 'Hacked', html: '<p>x</p>', text: 'x' };
    const anonymous = newAgent(t);
    for (const agent of [anonymous, plainUser]) {
      const want = agent === anonymous ? 401 : 403;
      const calls = [
        agent.get(LIST),
        agent.get(RESET),
        put(agent, RESET, body),
        del(agent, RESET),
        agent.post(`${RESET}/preview`, body),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(want);
    }
    expect(await t.modules.db.selectFrom('mail_templates').selectAll().execute()).toEqual([]);
  });

  it('lists every mail Kosh sends, all defaults at first', async () => {
    const res = await staff.get(LIST);
    expect(res.statusCode, res.body).toBe(200);
    const list: MailTemplateSummary[] = res.json().templates;
    expect(list.map((x) => x.id)).toEqual([
      'verification_code',
      'password_reset',
      'share_notification',
      'share_invitation',
      'workspace_invitation',
      'workspace_invitation_register',
      'notification',
      'enquiry_forward',
      'enquiry_reply',
      'settings_test',
    ]);
    for (const x of list) expect(x).toMatchObject({ customized: false, updated_at: null, name: expect.any(String) });
  });

  it('answers one template with its variables and samples; 404 for an unknown id', async () => {
    const tpl = await getTemplate('password_reset');
    expect(tpl).toMatchObject({
      id: 'password_reset',
      subject: 'Reset your {{site_name}} password',
      customized: false,
    });
    expect(tpl.html).toContain('<a href="{{link}}">Choose a new password</a>');
    expect(tpl.variables.map((v) => v.name)).toEqual(['link', 'minutes', 'site_name']);
    expect(tpl.variables.every((v) => v.sample.length > 0)).toBe(true);
    expect((await staff.get(`${LIST}/nope`)).statusCode).toBe(404);
    expect((await put(staff, `${LIST}/nope`, { subject: 's', html: '', text: '' })).statusCode).toBe(404);
  });

  describe('validation', () => {
    it('refuses variables the mail does not have, naming them, per field', async () => {
      const res = await save('password_reset', {
        subject: '{{nope}} {{code}}',
        text: '{{link}} {{#other}}x{{/other}}',
      });
      expect(res.statusCode, res.body).toBe(422);
      const { errors } = res.json();
      expect(errors.subject[0]).toContain('{{nope}}');
      expect(errors.subject[0]).toContain('{{code}}');
      expect(errors.text[0]).toContain('{{other}}');
      expect(errors.html).toBeUndefined();
    });

    it('refuses unescaped variables, partials, delimiter changes and unclosed sections', async () => {
      for (const html of ['{{{link}}}', '{{&link}}', '{{>link}}', '{{=<% %>=}}', '{{#link}}open']) {
        const res = await save('password_reset', { html });
        expect(res.statusCode, `${html}: ${res.body}`).toBe(422);
        expect(res.json().errors.html).toHaveLength(1);
      }
    });

    it('refuses a subject over 255 characters and a body over 100 KB', async () => {
      const long = await save('password_reset', { subject: 'x'.repeat(256) });
      expect(long.statusCode).toBe(422);
      expect(long.json().errors.subject).toBeDefined();
      const big = await save('password_reset', { html: `<p>${'é'.repeat(52_000)}</p>` });
      expect(big.statusCode).toBe(422);
      expect(big.json().errors.html).toBeDefined();
      expect((await save('password_reset', { text: 'a'.repeat(100 * 1024 + 1) })).statusCode).toBe(422);
      expect((await getTemplate('password_reset')).customized).toBe(false);
    });
  });

  it('sanitises the HTML on save: scripts, handlers, frames and javascript: links go, inline styles stay', async () => {
    const corpus = [
      '<p style="margin:0 0 16px;color:#1a73e8">Hello</p>',
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">click</a>',
      '<a href="JaVaScRiPt:alert(1)">click2</a>',
      '<a href="{{link}}" onclick="steal()">Choose a new password</a>',
      '<p onmouseover="x()" style="background-image:url(javascript:alert(1));font-size:14px">styled</p>',
      '<iframe src="https://evil.example"></iframe>',
      '<svg onload="alert(1)"><circle/></svg>',
      '<form action="https://evil.example"><input name="p"></form>',
      '<style>body{background:url(https://evil.example/t.png)}</style>',
      '<div style="width:expression(alert(1))">ie</div>',
    ].join('');
    const tpl = await saved('password_reset', { html: corpus });
    for (const bad of [
      '<script',
      'alert(',
      'onerror',
      'onclick',
      'onmouseover',
      'javascript:',
      'url(',
      '<iframe',
      '<svg',
    ]) {
      expect(tpl.html.toLowerCase()).not.toContain(bad.toLowerCase());
    }
    for (const bad of ['<form', '<input', '<style', 'expression']) expect(tpl.html).not.toContain(bad);
    expect(tpl.html).toContain('<p style="margin:0 0 16px;color:#1a73e8">Hello</p>');
    expect(tpl.html).toContain('<a href="{{link}}">Choose a new password</a>');
    expect(tpl.html).toContain('<p style="font-size:14px">styled</p>');
    await restore('password_reset');
  });

  it('previews unsaved text with the samples, escaped and framed, and sends nothing', async () => {
    const before = mail.messages.length;
    const res = await staff.post(`${RESET}/preview`, {
      subject: 'Reset for {{site_name}}\nnow',
      html: '<p>Go: <a href="{{link}}">{{link}}</a> ({{minutes}} min)</p><script>x</script>',
      text: 'Go: {{link}}',
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.subject).toBe('Reset for Kosh now');
    expect(preview.html).toMatch(/^<!doctype html>/);
    expect(preview.html).toContain('<a href="https://kosh.example/password/reset/abc">');
    expect(preview.html).toContain('(60 min)');
    expect(preview.html).not.toContain('<script');
    expect(preview.text).toBe('Go: https://kosh.example/password/reset/abc');
    const bad = await staff.post(`${RESET}/preview`, { subject: '{{code}}', html: '', text: '' });
    expect(bad.statusCode).toBe(422);
    await new Promise((r) => setTimeout(r, 200));
    expect(mail.messages.length).toBe(before);
    expect((await getTemplate('password_reset')).customized).toBe(false);
  });

  it('escapes every variable: a shared file named like markup reaches the HTML body as text', async () => {
    const owner = await Person.create(t, { first_name: 'Asha<b>', last_name: 'Rao' });
    const evil = '<img src=x onerror=alert(1)>';
    const file = await owner.upload(`${evil}.txt`, 'boom');
    const check = async (bob: Person) => {
      await owner.share([file.id], [bob.user.email], 'view');
      const got = await mail.waitFor(bob.user.email);
      expect(got.html).not.toContain('<img');
      expect(got.html).not.toContain('<b>');
      expect(got.html).toMatch(/&(#60|lt);img src=x onerror=alert\(1\)&(#62|gt);/);
      expect(got.subject).toContain(evil);
      return got;
    };
    await check(await Person.create(t));
    // An edited template escapes the same way, even a variable staff put in a heading or an attribute.
    await saved('share_notification', {
      html: '<h1>{{items}}</h1><p title="{{items}}">by {{sharer}}</p><a href="{{sharer}}">x</a>',
    });
    const edited = await check(await Person.create(t));
    expect(edited.html).toContain('<h1>');
    await restore('share_notification');
  });

  it('sends the edited mail at once, and the default again once restored; both audited', async () => {
    const tpl = await saved('password_reset', {
      subject: 'New password for {{site_name}} ({{minutes}} minutes)',
      text: 'Here: {{link}}',
    });
    expect(tpl).toMatchObject({ customized: true, updated_at: expect.any(String) });
    expect(
      (await staff.get(LIST)).json().templates.find((x: MailTemplateSummary) => x.id === 'password_reset'),
    ).toMatchObject({ customized: true });
    const edited = await resetMailVia(newAgent(t));
    expect(edited.subject).toBe('New password for Kosh (60 minutes)');
    expect(edited.text.trim()).toMatch(/^Here: https?:\/\/\S+\/password\/reset\/\S+$/);

    const back = await restore('password_reset');
    expect(back).toMatchObject({ customized: false, subject: 'Reset your {{site_name}} password' });
    expect((await resetMailVia(newAgent(t))).subject).toBe('Reset your Kosh password');
    // Restoring a default again changes nothing and writes no second row.
    await restore('password_reset');

    const updates = (await auditOf('mail_template.update')).filter((e) => e.target_id === 'password_reset');
    expect(updates.at(0)).toMatchObject({
      target_type: 'mail_template',
      target_label: 'Password reset',
      before: expect.objectContaining({ subject: 'Reset your {{site_name}} password' }),
      after: expect.objectContaining({ subject: 'New password for {{site_name}} ({{minutes}} minutes)' }),
    });
    const restores = (await auditOf('mail_template.restore')).filter((e) => e.target_id === 'password_reset');
    expect(restores.length).toBeGreaterThanOrEqual(1);
    expect(restores[0]).toMatchObject({
      before: expect.objectContaining({ subject: 'New password for {{site_name}} ({{minutes}} minutes)' }),
    });
  });

  describe('with a second server process', () => {
    let second: SecondApp;
    beforeAll(async () => {
      second = await startSecondApp(t.modules.config);
    });
    afterAll(() => second.close());

    it('sends the edit made through the first process, with no restart', async () => {
      const agent = () => new Agent(second.app, { 'x-forwarded-for': nextClientIp(), 'user-agent': 'Mozilla/5.0' });
      expect((await resetMailVia(agent())).subject).toBe('Reset your Kosh password');
      await saved('password_reset', { subject: 'Second process: {{site_name}}' });
      expect((await resetMailVia(agent())).subject).toBe('Second process: Kosh');
      await restore('password_reset');
      expect((await resetMailVia(agent())).subject).toBe('Reset your Kosh password');
    });
  });
});
