import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, BootstrapDataSchema, Permission, type Theme } from '@kosh/contracts';
import { del, put } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import { Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startWorkerApp } from '../helpers/worker-app.ts';

const LIST = '/api/v1/admin/appearance/themes';

let t: TestApp;
let plainUser: Agent;
let staff: Agent;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  plainUser = (await staffAgent(t)).agent;
  staff = (await staffAgent(t, { permissions: [Permission.appearanceUpdate] })).agent;
  admin = (await staffAgent(t, { admin: true })).agent;
});
afterAll(() => t.close());

const list = async (): Promise<Theme[]> => {
  const res = await staff.get(LIST);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().themes;
};
const seeded = async () => {
  const themes = await list();
  return {
    light: themes.find((th) => th.name === 'Light') as Theme,
    dark: themes.find((th) => th.name === 'Dark') as Theme,
  };
};
const body = (from: Theme, patch: Partial<Theme> = {}) => {
  const { id: _, ...rest } = from;
  return { ...rest, ...patch };
};
const create = async (from: Theme, patch: Partial<Theme>): Promise<Theme> => {
  const res = await staff.post(LIST, body(from, { default_light: false, default_dark: false, ...patch }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().theme;
};
const auditOf = async (action: string): Promise<AuditEntry[]> => {
  const res = await admin.get(`/api/v1/admin/audit-log?action=${action}&perPage=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.data;
};
const bootstrapThemes = async () => {
  const res = await plainUser.get('/api/v1/bootstrap-data');
  expect(res.statusCode, res.body).toBe(200);
  return BootstrapDataSchema.parse(res.json()).themes;
};
const rows = () => t.modules.db.selectFrom('themes').selectAll().orderBy('id').execute();
/** Exactly one default light theme (light) and one default dark theme (dark). */
async function expectOneDefaultEach(): Promise<void> {
  const all = await rows();
  const lights = all.filter((r) => r.default_light === 1);
  const darks = all.filter((r) => r.default_dark === 1);
  expect(lights.map((r) => r.is_dark)).toEqual([0]);
  expect(darks.map((r) => r.is_dark)).toEqual([1]);
}

describe('admin themes: who may', () => {
  it('answers 401 to a visitor and 403 to a user without appearance.update, changing nothing', async () => {
    const { light } = await seeded();
    const before = await rows();
    const visitor = new Agent(t.app);
    for (const agent of [visitor, plainUser]) {
      const calls = [
        agent.get(LIST),
        agent.post(LIST, body(light, { name: 'Sneaky', default_light: false })),
        put(agent, `${LIST}/${light.id}`, body(light, { name: 'Renamed' })),
        agent.post(`${LIST}/${light.id}/duplicate`),
        del(agent, `${LIST}/${light.id}`),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(agent === visitor ? 401 : 403);
    }
    expect(await rows()).toEqual(before);
  });

  it('lets an admin (who holds every permission) in', async () => {
    expect((await admin.get(LIST)).statusCode).toBe(200);
  });
});

describe('admin themes', () => {
  it('lists the seeded light and dark themes, the defaults', async () => {
    const themes = await list();
    expect(themes.map((th) => [th.name, th.is_dark, th.default_light, th.default_dark])).toEqual([
      ['Light', false, true, false],
      ['Dark', true, false, true],
    ]);
    expect(themes[0]?.values['--kosh-primary']).toBe('#1a73e8');
  });

  it('refuses bodies the schema does not accept with 422 and an errors map', async () => {
    const { light } = await seeded();
    const { '--kosh-bg': _, ...missing } = light.values;
    const cases: Array<[Record<string, unknown>, string]> = [
      [body(light, { name: ' ' }), 'name'],
      [body(light, { values: missing }), 'values.--kosh-bg'],
      [body(light, { values: { ...light.values, '--kosh-primary': 'blue' } }), 'values.--kosh-primary'],
      [body(light, { values: { ...light.values, '--kosh-radius': '3px' } }), 'values.--kosh-radius'],
      [body(light, { values: { ...light.values, '--kosh-nope': '#000000' } }), 'values.--kosh-nope'],
    ];
    for (const [payload, field] of cases) {
      const res = await staff.post(LIST, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
      const saved = await put(staff, `${LIST}/${light.id}`, payload);
      expect(saved.statusCode, saved.body).toBe(422);
    }
    expect((await list()).length).toBe(2);
  });

  it('answers 404 for an unknown theme', async () => {
    const { light } = await seeded();
    for (const res of [
      await put(staff, `${LIST}/999999`, body(light, { default_light: false })),
      await staff.post(`${LIST}/999999/duplicate`),
      await del(staff, `${LIST}/999999`),
    ])
      expect(res.statusCode, res.body).toBe(404);
  });

  it('refuses a dark default light theme and a light default dark theme', async () => {
    const { light, dark } = await seeded();
    const darkLight = await staff.post(LIST, body(dark, { name: 'Night', default_light: true, default_dark: false }));
    expect(darkLight.statusCode, darkLight.body).toBe(422);
    expect(Object.keys(darkLight.json().errors)).toEqual(['default_light']);
    const lightDark = await staff.post(LIST, body(light, { name: 'Day', default_light: false, default_dark: true }));
    expect(lightDark.statusCode, lightDark.body).toBe(422);
    expect(Object.keys(lightDark.json().errors)).toEqual(['default_dark']);
    const flipped = await put(staff, `${LIST}/${light.id}`, body(light, { is_dark: true }));
    expect(flipped.statusCode, flipped.body).toBe(422);
    expect(flipped.json().errors.default_light).toBeDefined();
    expect((await list()).length).toBe(2);
  });

  it('creates a theme; made the default, it takes the flag from the previous one, as bootstrap shows', async () => {
    const { light } = await seeded();
    const sepia = await create(light, {
      name: 'Sepia',
      default_light: true,
      values: { ...light.values, '--kosh-bg': '#f4ecd8' },
    });
    expect(sepia).toMatchObject({ name: 'Sepia', is_dark: false, default_light: true, default_dark: false });
    expect((await seeded()).light.default_light).toBe(false);
    await expectOneDefaultEach();
    const boot = await bootstrapThemes();
    expect(boot.default_id).toBe(sepia.id);
    expect(boot.all.find((th) => th.id === sepia.id)?.values['--kosh-bg']).toBe('#f4ecd8');
    const [entry] = await auditOf('theme.create');
    expect(entry).toMatchObject({ target_type: 'theme', target_id: String(sepia.id), target_label: 'Sepia' });
    expect(entry?.before).toBeNull();
    expect(entry?.after).toMatchObject({ name: 'Sepia', default_light: true });
  });

  it('refuses to take the flag off the current default; another theme must take it', async () => {
    const { light } = await seeded();
    const sepia = (await list()).find((th) => th.name === 'Sepia') as Theme;
    const cleared = await put(staff, `${LIST}/${sepia.id}`, body(sepia, { default_light: false }));
    expect(cleared.statusCode, cleared.body).toBe(422);
    expect(Object.keys(cleared.json().errors)).toEqual(['default_light']);
    const { dark } = await seeded();
    const darkCleared = await put(staff, `${LIST}/${dark.id}`, body(dark, { default_dark: false }));
    expect(darkCleared.statusCode, darkCleared.body).toBe(422);
    expect(Object.keys(darkCleared.json().errors)).toEqual(['default_dark']);

    const back = await put(staff, `${LIST}/${light.id}`, body(light, { default_light: true, name: 'Light' }));
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().theme.default_light).toBe(true);
    expect((await list()).find((th) => th.id === sepia.id)?.default_light).toBe(false);
    expect((await bootstrapThemes()).default_id).toBe(light.id);
    await expectOneDefaultEach();
  });

  it('saves a theme and audits the values before and after', async () => {
    const sepia = (await list()).find((th) => th.name === 'Sepia') as Theme;
    const values = { ...sepia.values, '--kosh-primary': '#7a4b1f' };
    const res = await put(staff, `${LIST}/${sepia.id}`, body(sepia, { name: 'Old paper', values }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().theme).toMatchObject({ id: sepia.id, name: 'Old paper', values });
    const [entry] = await auditOf('theme.update');
    expect(entry).toMatchObject({ target_id: String(sepia.id), target_label: 'Old paper' });
    expect(entry?.before).toMatchObject({
      name: 'Sepia',
      values: { '--kosh-primary': sepia.values['--kosh-primary'] },
    });
    expect(entry?.after).toMatchObject({ name: 'Old paper', values: { '--kosh-primary': '#7a4b1f' } });
  });

  it('duplicates a theme as "Copy of <name>", default for neither mode', async () => {
    const { dark } = await seeded();
    const res = await staff.post(`${LIST}/${dark.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().theme).toMatchObject({
      name: 'Copy of Dark',
      is_dark: true,
      default_light: false,
      default_dark: false,
      values: dark.values,
    });
    expect(res.json().theme.id).not.toBe(dark.id);
    await expectOneDefaultEach();
    expect((await auditOf('theme.create'))[0]?.target_label).toBe('Copy of Dark');
  });

  it('refuses to delete the last dark theme, or to make it light', async () => {
    const copy = (await list()).find((th) => th.name === 'Copy of Dark') as Theme;
    expect((await del(staff, `${LIST}/${copy.id}`)).statusCode).toBe(204);
    const { dark } = await seeded();
    const res = await del(staff, `${LIST}/${dark.id}`);
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['theme']);
    const lightened = await put(staff, `${LIST}/${dark.id}`, body(dark, { is_dark: false, default_dark: true }));
    expect(lightened.statusCode, lightened.body).toBe(422);
    expect(Object.keys(lightened.json().errors)).toContain('is_dark');
    expect((await seeded()).dark).toEqual(dark);
  });

  it('deleting a default moves it to the oldest remaining theme of that darkness, as bootstrap shows', async () => {
    const { light, dark } = await seeded();
    const paper = (await list()).find((th) => th.name === 'Old paper') as Theme;
    const newer = await create(light, { name: 'Newer light' });
    const res = await del(staff, `${LIST}/${light.id}`);
    expect(res.statusCode, res.body).toBe(204);
    const themes = await list();
    expect(themes.find((th) => th.id === light.id)).toBeUndefined();
    expect(themes.find((th) => th.id === paper.id)?.default_light).toBe(true);
    expect(themes.find((th) => th.id === newer.id)?.default_light).toBe(false);
    await expectOneDefaultEach();
    const boot = await bootstrapThemes();
    expect(boot.default_id).toBe(paper.id);
    expect(boot.all.map((th) => th.id)).not.toContain(light.id);
    const [entry] = await auditOf('theme.delete');
    expect(entry).toMatchObject({ target_id: String(light.id), target_label: 'Light' });
    expect(entry?.before).toMatchObject({ name: 'Light', default_light: true });
    expect(entry?.after).toEqual({ default_light_moved_to: paper.id });

    const nightOwl = await create(dark, { name: 'Night owl' });
    expect((await del(staff, `${LIST}/${dark.id}`)).statusCode).toBe(204);
    expect((await list()).find((th) => th.id === nightOwl.id)?.default_dark).toBe(true);
    await expectOneDefaultEach();
  });
});

describe('admin themes: the last two light themes deleted at once in two processes', () => {
  // The other process runs in a worker thread: a second app in this thread would share its event
  // loop, and its SQLite statements would wait on this thread's open transaction without end.
  let worker: Awaited<ReturnType<typeof startWorkerApp>> | undefined;
  beforeAll(async () => {
    worker = await startWorkerApp(t.modules.config);
  });
  afterAll(async () => {
    await worker?.close();
  });

  /** The same session, sent to the other process. */
  function onOther(from: Agent): Agent {
    if (!worker) throw new Error('the other process did not start');
    const agent = new Agent(worker.app);
    for (const [k, v] of from.cookies) agent.cookies.set(k, v);
    return agent;
  }

  it('leaves one light theme, the default, every round: one 204 and one 422', async () => {
    const other = onOther(staff);
    for (let round = 0; round < 8; round++) {
      const lights = (await list()).filter((th) => !th.is_dark);
      for (const extra of lights.slice(1)) expect((await del(staff, `${LIST}/${extra.id}`)).statusCode).toBe(204);
      const first = lights[0] as Theme;
      const added = await create(first, { name: `Race ${round}` });
      const [a, b] = round % 2 ? [first, added] : [added, first];
      const answers = await Promise.all([del(staff, `${LIST}/${a.id}`), del(other, `${LIST}/${b.id}`)]);
      const explained = answers.map((r) => `${r.statusCode} ${r.body.slice(0, 200)}`);
      expect(answers.map((r) => r.statusCode).sort(), explained.join('\n')).toEqual([204, 422]);
      const left = (await rows()).filter((r) => r.is_dark === 0);
      expect(left).toHaveLength(1);
      expect(left[0]?.default_light).toBe(1);
      await expectOneDefaultEach();
    }
  });

  it('two themes made the default light theme at once: exactly one ends the default', async () => {
    const other = onOther(staff);
    const [first] = (await list()).filter((th) => !th.is_dark) as [Theme];
    for (let round = 0; round < 8; round++) {
      const a = await create(first, { name: `Default A ${round}` });
      const b = await create(first, { name: `Default B ${round}` });
      const answers = await Promise.all([
        put(staff, `${LIST}/${a.id}`, body(a, { default_light: true })),
        put(other, `${LIST}/${b.id}`, body(b, { default_light: true })),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      await expectOneDefaultEach();
    }
  });
});
