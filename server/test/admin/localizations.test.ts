import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminLocalization,
  type AuditEntry,
  type LocalizationLine,
  LINES_PER_CALL_MAX,
  Permission,
} from '@kosh/contracts';
import { EN_LINES } from '../../src/db/seed/lines-en.ts';
import { HI_LINES } from '../../src/db/seed/lines-hi.ts';
import { seedDefaults } from '../../src/db/seed/seed.ts';
import { del, newAgent, put } from '../helpers/accounts.ts';
import { createUser, loginAs } from '../helpers/factories.ts';
import { multipart } from '../helpers/multipart.ts';
import { staffAgent } from '../helpers/staff.ts';
import { Agent, createTestApp, type SecondApp, startSecondApp, type TestApp } from '../helpers/test-app.ts';

const LIST = '/api/v1/admin/localizations';
const EN_COUNT = Object.keys(EN_LINES).length;
const LOCALE_COOKIE = 'kosh_locale';

let t: TestApp;
let second: SecondApp | undefined;
let plainUser: Agent;
let staff: Agent;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  second = await startSecondApp(t.modules.config);
  plainUser = (await staffAgent(t)).agent;
  staff = (await staffAgent(t, { permissions: [Permission.localizationsUpdate] })).agent;
  admin = (await staffAgent(t, { admin: true })).agent;
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

const list = async (query = ''): Promise<AdminLocalization[]> => {
  const res = await staff.get(`${LIST}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.data;
};
const create = async (name: string, language: string): Promise<AdminLocalization> => {
  const res = await staff.post(LIST, { name, language });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().localization;
};
const saveLines = (id: number, lines: Record<string, string>, agent = staff) =>
  put(agent, `${LIST}/${id}/lines`, { lines });
const linesOf = async (id: number): Promise<LocalizationLine[]> => {
  const res = await staff.get(`${LIST}/${id}/lines`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().lines;
};
const translationOf = async (id: number, key: string) => (await linesOf(id)).find((l) => l.key === key)?.translation;
const storedLines = async (id: number): Promise<Record<string, string>> => {
  const row = await t.modules.db.selectFrom('localizations').select('lines').where('id', '=', id).executeTakeFirst();
  return JSON.parse(row?.lines ?? '{}');
};
const auditOf = async (action: string): Promise<AuditEntry[]> => {
  const res = await admin.get(`/api/v1/admin/audit-log?action=${action}&perPage=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.data;
};
/** A visitor whose language cookie names the code, on the given process. */
const visitorLines = async (
  language: string,
  app = t.app,
): Promise<{ language: string; lines: Record<string, string> }> => {
  const visitor = new Agent(app);
  visitor.cookies.set(LOCALE_COOKIE, language);
  const res = await visitor.get('/api/v1/bootstrap-data');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().i18n;
};
const setDefault = (language: string) => t.modules.settings.service.set('i18n.default_localization', language);
const uploadFile = (id: number, text: string | Buffer, agent = staff) => {
  const form = multipart([{ name: 'file', filename: 'lines.json', type: 'application/json', data: Buffer.from(text) }]);
  return agent.request({ method: 'POST', url: `${LIST}/${id}/upload`, payload: form.payload, headers: form.headers });
};

describe('admin localizations: access', () => {
  it('answers 401 to a visitor and 403 to a user without localizations.update, and changes nothing', async () => {
    const target = await create('Guarded', 'gd');
    const url = `${LIST}/${target.id}`;
    expect((await newAgent(t).get(LIST)).statusCode).toBe(401);
    const calls = [
      plainUser.get(LIST),
      plainUser.post(LIST, { name: 'Sneaky', language: 'sn' }),
      put(plainUser, url, { name: 'Renamed' }),
      del(plainUser, url),
      plainUser.get(`${url}/lines`),
      saveLines(target.id, { Home: 'Hacked' }, plainUser),
      plainUser.get(`${url}/download`),
      uploadFile(target.id, '{"Home":"Hacked"}', plainUser),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(403);
    const row = await t.modules.db
      .selectFrom('localizations')
      .selectAll()
      .where('id', '=', target.id)
      .executeTakeFirst();
    expect(row?.name).toBe('Guarded');
    expect(JSON.parse(row?.lines ?? '{}').Home).toBe('Home');
    expect((await list('?query=sneaky')).length).toBe(0);
  });

  it('lets an admin (who holds every permission) in', async () => {
    expect((await admin.get(LIST)).statusCode).toBe(200);
  });
});

describe('admin localizations: create, list, rename', () => {
  it('creates a copy of the default language, audited, with the code in canonical case', async () => {
    const created = await create('Português (Brasil)', 'pt-br');
    expect(created).toMatchObject({
      language: 'pt-BR',
      name: 'Português (Brasil)',
      lines_translated: EN_COUNT,
      lines_total: EN_COUNT,
      is_default: false,
    });
    expect(await storedLines(created.id)).toEqual(EN_LINES);
    const [audit] = await auditOf('localization.create');
    expect(audit).toMatchObject({
      target_type: 'localization',
      target_id: String(created.id),
      after: { name: 'Português (Brasil)', language: 'pt-BR', copied_from: 'en', lines_translated: EN_COUNT },
    });
  });

  it('copies the lines of whatever language is the default', async () => {
    await setDefault('hi');
    try {
      const created = await create('Marathi', 'mr');
      const translated = Object.values(HI_LINES).filter(Boolean).length;
      expect(created.lines_translated).toBe(translated);
      expect((await storedLines(created.id))['Sign in']).toBe(HI_LINES['Sign in']);
    } finally {
      await setDefault('en');
    }
  });

  it('refuses a taken code (in any case), a taken name and malformed codes with 422', async () => {
    await create('Deutsch', 'de');
    const taken = await staff.post(LIST, { name: 'German', language: 'DE' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.language).toBeDefined();
    const name = await staff.post(LIST, { name: 'deutsch', language: 'de-AT' });
    expect(name.statusCode).toBe(422);
    expect(name.json().errors.name).toBeDefined();
    const cases: [unknown, string][] = [
      [{ name: 'X' }, 'language'],
      [{ name: 'X', language: '' }, 'language'],
      [{ name: 'X', language: 'english' }, 'language'],
      [{ name: 'X', language: 'en_US' }, 'language'],
      [{ name: 'X', language: 'e' }, 'language'],
      [{ name: 'X', language: '<b>' }, 'language'],
      [{ language: 'xy' }, 'name'],
      [{ name: '  ', language: 'xy' }, 'name'],
      [{ name: 'x'.repeat(101), language: 'xy' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await staff.post(LIST, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
    }
  });

  it('lists every localization with its progress, searches and sorts', async () => {
    const all = await list('?perPage=100');
    const hi = all.find((l) => l.language === 'hi');
    expect(hi).toMatchObject({ name: 'हिन्दी', lines_total: EN_COUNT, is_default: false });
    expect(hi?.lines_translated).toBe(Object.keys(HI_LINES).filter((k) => k in EN_LINES && HI_LINES[k]).length);
    expect(all.find((l) => l.language === 'en')).toMatchObject({ lines_translated: EN_COUNT, is_default: true });
    expect((await list('?query=pt-b')).map((l) => l.language)).toEqual(['pt-BR']);
    expect((await list('?query=deut')).map((l) => l.language)).toEqual(['de']);
    const byCode = (await list('?orderBy=language&orderDir=asc&perPage=100')).map((l) => l.language.toLowerCase());
    expect(byCode).toEqual([...byCode].sort());
    for (const bad of ['?orderBy=lines', '?perPage=101'])
      expect((await staff.get(`${LIST}${bad}`)).statusCode, bad).toBe(422);
  });

  it('renames a localization and moves its users to a new code, audited', async () => {
    const fr = await create('Francais', 'fr');
    const user = await createUser(t.modules);
    await t.modules.db.updateTable('users').set({ language: 'fr' }).where('id', '=', user.id).execute();
    const renamed = await put(staff, `${LIST}/${fr.id}`, { name: 'Français', language: 'fr-CA' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().localization).toMatchObject({ id: fr.id, name: 'Français', language: 'fr-CA' });
    const row = await t.modules.db.selectFrom('users').select('language').where('id', '=', user.id).executeTakeFirst();
    expect(row?.language).toBe('fr-CA');
    const [audit] = await auditOf('localization.update');
    expect(audit).toMatchObject({
      target_id: String(fr.id),
      before: { name: 'Francais', language: 'fr' },
      after: { name: 'Français', language: 'fr-CA', users_moved: 1 },
    });
    const nameOnly = await put(staff, `${LIST}/${fr.id}`, { name: 'French' });
    expect(nameOnly.json().localization).toMatchObject({ name: 'French', language: 'fr-CA' });
    expect((await put(staff, `${LIST}/${fr.id}`, { language: 'DE' })).json().errors.language).toBeDefined();
    expect((await put(staff, `${LIST}/${fr.id}`, { language: 'nope!' })).statusCode).toBe(422);
    expect((await put(staff, `${LIST}/999999`, { name: 'Ghost' })).statusCode).toBe(404);
  });

  it("keeps the default language's code (422) but lets it be renamed", async () => {
    const en = (await list('?query=english')).find((l) => l.language === 'en');
    if (!en) throw new Error('no English');
    const recode = await put(staff, `${LIST}/${en.id}`, { language: 'en-GB' });
    expect(recode.statusCode).toBe(422);
    expect(recode.json().errors.language[0]).toContain('default language');
    const rename = await put(staff, `${LIST}/${en.id}`, { name: 'English (US)' });
    expect(rename.json().localization).toMatchObject({ name: 'English (US)', language: 'en', is_default: true });
    await put(staff, `${LIST}/${en.id}`, { name: 'English' });
  });
});

describe('admin localizations: lines', () => {
  let xx: AdminLocalization;
  beforeAll(async () => {
    xx = await create('Test language', 'xx');
  });

  it('lists every English line with its source, then the keys only this localization has', async () => {
    await saveLines(xx.id, { 'Custom menu label': 'Etiquette' });
    const lines = await linesOf(xx.id);
    expect(lines.slice(0, EN_COUNT).map((l) => l.key)).toEqual(Object.keys(EN_LINES));
    expect(lines[0]).toEqual({ key: lines[0]?.key, source: lines[0]?.key, translation: lines[0]?.key });
    expect(lines.at(-1)).toEqual({ key: 'Custom menu label', source: null, translation: 'Etiquette' });
    // A few thousand short lines at most: the whole answer stays far below a megabyte.
    const res = await staff.get(`${LIST}/${xx.id}/lines`);
    expect(Buffer.byteLength(res.body)).toBeLessThan(300_000);
  });

  it('changes only the given keys, removes with an empty string, audited with the keys', async () => {
    const res = await saveLines(xx.id, { Home: 'Maison', Search: '', 'Custom menu label': '', 'New key': 'Neu' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ set: 2, removed: 2, localization: { lines_translated: EN_COUNT - 1 } });
    const stored = await storedLines(xx.id);
    expect(stored).toMatchObject({ Home: 'Maison', Search: '', 'New key': 'Neu', Copy: 'Copy' });
    expect(stored['Custom menu label']).toBeUndefined();
    expect(await translationOf(xx.id, 'Search')).toBe('');
    const [audit] = await auditOf('localization.lines');
    expect(audit).toMatchObject({
      target_id: String(xx.id),
      after: { via: 'editor', set_count: 2, removed_count: 2 },
    });
    expect(audit?.after).toMatchObject({ set: ['Home', 'New key'], removed: ['Search', 'Custom menu label'] });
    // Saving the same text again changes nothing and writes no audit row.
    const again = await saveLines(xx.id, { Home: 'Maison' });
    expect(again.json()).toMatchObject({ set: 0, removed: 0 });
    expect((await auditOf('localization.lines')).length).toBe(2);
  });

  it('serves a saved line to a visitor of that language and a user of it on their next request', async () => {
    await saveLines(xx.id, { 'Sign in': 'Connexion' });
    const visitor = await visitorLines('xx');
    expect(visitor.language).toBe('xx');
    expect(visitor.lines['Sign in']).toBe('Connexion');
    // A removed translation is not served: the client falls back to English.
    expect('Search' in visitor.lines).toBe(false);
    const user = await createUser(t.modules);
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, user);
    expect((await agent.post('/api/v1/users/me/locale', { locale: 'xx' })).statusCode).toBe(200);
    await saveLines(xx.id, { 'Sign in': 'Se connecter' });
    const data = (await agent.get('/api/v1/bootstrap-data')).json();
    expect(data.i18n).toMatchObject({ language: 'xx' });
    expect(data.i18n.lines['Sign in']).toBe('Se connecter');
    expect(data.localizations.map((l: { language: string }) => l.language)).toContain('xx');
  });

  it('is seen by a second server process on its next request, without a restart', async () => {
    if (!second) throw new Error('the second process did not start');
    expect((await visitorLines('xx', second.app)).lines['Sign in']).toBe('Se connecter');
    await saveLines(xx.id, { 'Sign in': 'Entrer' });
    expect((await visitorLines('xx', second.app)).lines['Sign in']).toBe('Entrer');
    // And the other way round: a save in the second process is served by the first.
    const agent = new Agent(second.app);
    for (const [k, v] of staff.cookies) agent.cookies.set(k, v);
    expect((await saveLines(xx.id, { 'Sign in': 'Ouvrir' }, agent)).statusCode).toBe(200);
    expect((await visitorLines('xx')).lines['Sign in']).toBe('Ouvrir');
  });

  it('lands both of two saves of different keys made at once, in one process and in two', async () => {
    if (!second) throw new Error('the second process did not start');
    const onSecond = new Agent(second.app);
    for (const [k, v] of admin.cookies) onSecond.cookies.set(k, v);
    for (let round = 0; round < 5; round++) {
      const [a, b, c] = [`Race A ${round}`, `Race B ${round}`, `Race C ${round}`];
      const answers = await Promise.all([
        saveLines(xx.id, { [a]: 'a' }),
        saveLines(xx.id, { [b]: 'b' }, admin),
        saveLines(xx.id, { [c]: 'c' }, onSecond),
      ]);
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      expect(await storedLines(xx.id)).toMatchObject({ [a]: 'a', [b]: 'b', [c]: 'c' });
    }
  });

  it('refuses keys, lines and saves beyond their sizes', async () => {
    const cases: [unknown, number][] = [
      [{ lines: {} }, 422],
      [{ lines: { Home: 5 } }, 422],
      [{ lines: { '': 'x' } }, 422],
      [{ lines: { ['k'.repeat(501)]: 'x' } }, 422],
      [{ lines: { Home: 'x'.repeat(5001) } }, 422],
      [{ lines: Object.fromEntries(Array.from({ length: LINES_PER_CALL_MAX + 1 }, (_, i) => [`k${i}`, 'v'])) }, 422],
      [{ lines: Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`big${i}`, 'x'.repeat(5000)])) }, 413],
    ];
    for (const [body, status] of cases) {
      const res = await put(staff, `${LIST}/${xx.id}/lines`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
    }
    // Within the limits a call may be, the stored lines stay under a megabyte.
    const chunk = (from: number) =>
      Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`big${from + i}`, 'x'.repeat(4500)]));
    expect((await saveLines(xx.id, chunk(0))).statusCode).toBe(200);
    const tooBig = await saveLines(xx.id, chunk(200));
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.lines[0]).toContain('1 MB');
    await saveLines(xx.id, Object.fromEntries(Object.keys(chunk(0)).map((k) => [k, ''])));
    expect(Object.keys(await storedLines(xx.id)).some((k) => k.startsWith('big'))).toBe(false);
    expect((await saveLines(999999, { Home: 'x' })).statusCode).toBe(404);
  });

  it('keeps HTML in a line as text: escaped in the page shell, verbatim in the data', async () => {
    const attack = '<img src=x onerror=alert(1)></script><script>alert(2)</script>';
    await saveLines(xx.id, { Home: attack, 'Page not found': attack });
    expect((await visitorLines('xx')).lines.Home).toBe(attack);
    const visitor = new Agent(t.app);
    visitor.cookies.set(LOCALE_COOKIE, 'xx');
    const html = (await visitor.get('/')).body;
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert(2)');
    expect(html).toContain('\\u003cimg src=x onerror=alert(1)>');
    await saveLines(xx.id, { Home: 'Maison', 'Page not found': '' });
  });
});

describe('admin localizations: download and upload', () => {
  let yy: AdminLocalization;
  beforeAll(async () => {
    yy = await create('Upload language', 'yy');
    await saveLines(yy.id, { Home: 'Accueil', Search: '' });
  });
  const yyUpload = (body: unknown) => staff.post(`${LIST}/${yy.id}/upload`, body);

  it('downloads the translated lines as a JSON attachment and merges an upload of it back', async () => {
    const res = await staff.get(`${LIST}/${yy.id}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="?yy\.json"?$/);
    const file = JSON.parse(res.body);
    expect(file).toMatchObject({ language: 'yy', name: 'Upload language' });
    expect(file.lines.Home).toBe('Accueil');
    expect('Search' in file.lines).toBe(false);

    // Edit the file as a translator would: one line changed, one cleared, one added; upload merges it.
    const edited = { ...file, lines: { Home: 'Maison', Copy: '', 'Added key': 'Ajouté' } };
    const up = await uploadFile(yy.id, JSON.stringify(edited, null, 2));
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ set: 2, removed: 1 });
    const stored = await storedLines(yy.id);
    expect(stored).toMatchObject({ Home: 'Maison', Copy: '', 'Added key': 'Ajouté', Search: '', Save: 'Save' });
    const [audit] = await auditOf('localization.lines');
    expect(audit?.after).toMatchObject({ via: 'upload', set: ['Home', 'Added key'], removed: ['Copy'] });

    // A bare {key: line} object as the JSON body is taken too.
    const bare = await yyUpload({ Save: 'Enregistrer' });
    expect(bare.statusCode, bare.body).toBe(200);
    expect((await storedLines(yy.id)).Save).toBe('Enregistrer');
  });

  it('refuses malformed files with 422 on file, and files over 2 MB with 413', async () => {
    const before = await storedLines(yy.id);
    for (const text of ['{"Home": "x",', '[1, 2]', '"text"', '{"Home": 5}', '{"lines": {"Home": null}}', '{}', ''])
      expect((await uploadFile(yy.id, text)).json().errors?.file, text).toBeDefined();
    expect((await yyUpload({ Home: { nested: true } })).statusCode).toBe(422);
    const huge = JSON.stringify({ lines: { Home: 'x'.repeat(2 * 1024 * 1024) } });
    expect((await uploadFile(yy.id, huge)).statusCode).toBe(413);
    expect((await yyUpload(JSON.parse(huge))).statusCode).toBe(413);
    const noFile = multipart([{ name: 'other', value: 'x' }]);
    const missing = await staff.request({
      method: 'POST',
      url: `${LIST}/${yy.id}/upload`,
      payload: noFile.payload,
      headers: noFile.headers,
    });
    expect(missing.statusCode).toBe(422);
    expect(await storedLines(yy.id)).toEqual(before);
  });
});

describe('admin localizations: delete', () => {
  it('deletes one, audited; its users fall back to the default language', async () => {
    const zz = await create('Doomed', 'zz');
    await saveLines(zz.id, { 'Sign in': 'Zign in' });
    const user = await createUser(t.modules);
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, user);
    await agent.post('/api/v1/users/me/locale', { locale: 'zz' });
    expect((await agent.get('/api/v1/bootstrap-data')).json().i18n.language).toBe('zz');
    const res = await del(staff, `${LIST}/${zz.id}`);
    expect(res.statusCode, res.body).toBe(204);
    const row = await t.modules.db.selectFrom('users').select('language').where('id', '=', user.id).executeTakeFirst();
    expect(row?.language).toBeNull();
    const data = (await agent.get('/api/v1/bootstrap-data')).json();
    expect(data.i18n.language).toBe('en');
    expect(data.localizations.map((l: { language: string }) => l.language)).not.toContain('zz');
    const [audit] = await auditOf('localization.delete');
    expect(audit).toMatchObject({
      target_id: String(zz.id),
      before: { name: 'Doomed', language: 'zz' },
      after: { users_reset_to_default: 1 },
    });
    expect((await del(staff, `${LIST}/${zz.id}`)).statusCode).toBe(404);
  });

  it('never deletes the default language (409), and a shipped language it deleted stays gone', async () => {
    const all = await list('?perPage=100');
    const en = all.find((l) => l.language === 'en');
    const refused = await del(staff, `${LIST}/${en?.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('default language');
    const hi = all.find((l) => l.language === 'hi');
    expect((await del(staff, `${LIST}/${hi?.id}`)).statusCode).toBe(204);
    await seedDefaults(t.modules.db);
    expect((await list('?perPage=100')).map((l) => l.language)).not.toContain('hi');
  });

  it('never deletes the last one (409), even when the default names none', async () => {
    const others = (await list('?perPage=100')).filter((l) => l.language !== 'en');
    for (const other of others) expect((await del(staff, `${LIST}/${other.id}`)).statusCode).toBe(204);
    await setDefault('hi');
    try {
      const [last] = await list();
      const res = await del(staff, `${LIST}/${last?.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('There must be at least one localization.');
    } finally {
      await setDefault('en');
    }
  });
});
