import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, BootstrapDataSchema, type Menu, MENU_POSITIONS, Permission } from '@kosh/contracts';
import { del, put } from '../helpers/accounts.ts';
import { staffAgent } from '../helpers/staff.ts';
import { Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startWorkerApp } from '../helpers/worker-app.ts';

const LIST = '/api/v1/admin/appearance/menus';

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

type Item = Record<string, unknown>;
const item = (id: string, action: string, extra: Item = {}): Item => ({
  id,
  label: id,
  action,
  type: 'route',
  ...extra,
});

const list = async (): Promise<Menu[]> => {
  const res = await staff.get(LIST);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().menus;
};
const menuNamed = async (name: string) => (await list()).find((m) => m.name === name) as Menu;
const create = async (body: Record<string, unknown>): Promise<Menu> => {
  const res = await staff.post(LIST, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().menu;
};
const auditOf = async (action: string): Promise<AuditEntry[]> => {
  const res = await admin.get(`/api/v1/admin/audit-log?action=${action}&perPage=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pagination.data;
};
const bootstrapMenus = async () => {
  const res = await plainUser.get('/api/v1/bootstrap-data');
  expect(res.statusCode, res.body).toBe(200);
  return BootstrapDataSchema.parse(res.json()).settings.menus;
};
const rows = () => t.modules.db.selectFrom('menus').selectAll().orderBy('id').execute();
/** Each position held by at most one menu. */
async function expectPositionsOnce(): Promise<void> {
  const held = (await list()).flatMap((m) => m.positions);
  expect(held.length).toBe(new Set(held).size);
}
/** The errors of a 422 answer to creating the menu with these items. */
async function refusal(items: Item[]): Promise<Record<string, string[]>> {
  const res = await staff.post(LIST, { name: 'Refused', positions: [], items });
  expect(res.statusCode, res.body).toBe(422);
  return res.json().errors;
}

describe('admin menus: who may', () => {
  it('answers 401 to a visitor and 403 to a user without appearance.update, changing nothing', async () => {
    const [menu] = await list();
    const before = await rows();
    const visitor = new Agent(t.app);
    const body = { name: 'Sneaky', positions: ['footer'], items: [] };
    for (const agent of [visitor, plainUser]) {
      const calls = [
        agent.get(LIST),
        agent.post(LIST, body),
        put(agent, `${LIST}/${menu?.id}`, body),
        del(agent, `${LIST}/${menu?.id}`),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, res.body).toBe(agent === visitor ? 401 : 403);
    }
    expect(await rows()).toEqual(before);
  });

  it('lets an admin (who holds every permission) in', async () => {
    expect((await admin.get(LIST)).statusCode).toBe(200);
  });
});

describe('admin menus', () => {
  it('lists the seeded menus, one per position', async () => {
    const menus = await list();
    expect(menus.flatMap((m) => m.positions).sort()).toEqual([...MENU_POSITIONS].sort());
    expect((await menuNamed('Footer')).items.map((i) => i.action)).toContain('/#features');
  });

  it('saves every seeded menu unchanged (its routes, pages and conditions pass the checks)', async () => {
    for (const menu of await list()) {
      const { id, ...body } = menu;
      const res = await put(staff, `${LIST}/${id}`, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().menu).toEqual(menu);
    }
  });

  it('refuses bodies the schema does not accept with 422 and an errors map', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '', positions: [], items: [] }, 'name'],
      [{ name: 'M', positions: ['sidebar-of-doom'], items: [] }, 'positions.0'],
      [{ name: 'M', positions: [], items: [item('a', '/drive', { label: ' ' })] }, 'items.0.label'],
      [{ name: 'M', positions: [], items: [item('a', '/drive', { icon: 'skull' })] }, 'items.0.icon'],
      [{ name: 'M', positions: [], items: [item('a', '/drive', { type: 'script' })] }, 'items.0.type'],
    ];
    for (const [body, field] of cases) {
      const res = await staff.post(LIST, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });

  it('refuses duplicate item ids', async () => {
    expect(await refusal([item('a', '/drive'), item('b', '/pricing'), item('a', '/contact')])).toEqual({
      'items.2.id': [expect.any(String)],
    });
  });

  it('refuses a route that is not a page of the app or a custom page', async () => {
    const errors = await refusal([
      item('ok', '/drive/trash'),
      item('page', '/pages/about-us'),
      item('fragment', '/#features'),
      item('unknown', '/nowhere'),
      item('outside', 'https://example.com'),
    ]);
    expect(Object.keys(errors)).toEqual(['items.3.action', 'items.4.action']);
  });

  it('refuses a page item whose custom page does not exist', async () => {
    const page = await t.modules.db
      .selectFrom('custom_pages')
      .select(['id', 'slug'])
      .where('slug', '=', 'about-us')
      .executeTakeFirstOrThrow();
    const errors = await refusal([
      item('ok', '/pages/about-us', { type: 'page' }),
      item('with-id', `/pages/${page.id}/about-us`, { type: 'page' }),
      item('missing', '/pages/no-such-page', { type: 'page' }),
      item('wrong-id', `/pages/${page.id + 1000}/about-us`, { type: 'page' }),
      item('not-a-page', '/drive', { type: 'page' }),
    ]);
    expect(Object.keys(errors)).toEqual(['items.2.action', 'items.3.action', 'items.4.action']);
  });

  it('refuses a link that is not an http(s) URL or a path', async () => {
    const errors = await refusal([
      item('web', 'https://example.com/a?b=c', { type: 'link', target: '_blank' }),
      item('plain', 'http://example.com', { type: 'link' }),
      item('path', '/contact', { type: 'link' }),
      item('script', 'javascript:alert(1)', { type: 'link' }),
      item('script-caps', 'JavaScript:alert(1)', { type: 'link' }),
      item('data', 'data:text/html,<b>x</b>', { type: 'link' }),
      item('other-host', '//evil.example', { type: 'link' }),
      item('ftp', 'ftp://example.com', { type: 'link' }),
      item('relative', 'contact', { type: 'link' }),
    ]);
    expect(Object.keys(errors)).toEqual([3, 4, 5, 6, 7, 8].map((i) => `items.${i}.action`));
  });

  it('refuses unknown permissions, roles and settings conditions', async () => {
    const role = await t.modules.db.selectFrom('roles').select('id').orderBy('id').executeTakeFirstOrThrow();
    const errors = await refusal([
      item('ok', '/admin', {
        permissions: ['admin.access'],
        roles: [role.id],
        settings: { 'billing.enable': true, 'branding.site_name': 'Kosh' },
      }),
      item('permission', '/drive', { permissions: ['files.create', 'world.domination'] }),
      item('role', '/drive', { roles: [role.id, 999999] }),
      item('unknown-setting', '/drive', { settings: { 'no.such.setting': true } }),
      item('private-setting', '/drive', { settings: { 'billing.stripe.secret_key': 'sk' } }),
      item('object-value', '/drive', { settings: { 'billing.enable': { on: true } } }),
    ]);
    expect(errors).toEqual({
      'items.1.permissions': [expect.any(String)],
      'items.2.roles': [expect.any(String)],
      'items.3.settings': [expect.any(String)],
      'items.4.settings': [expect.any(String)],
      'items.5.settings': [expect.any(String)],
    });
    expect((await list()).find((m) => m.name === 'Refused')).toBeUndefined();
  });

  it('creates a menu that takes its positions from the menus holding them, as bootstrap shows', async () => {
    const footer = await menuNamed('Footer');
    const menu = await create({
      name: 'New footer',
      positions: ['footer', 'footer'],
      items: [
        item('home', '/', { icon: 'home' }),
        item('about', '/pages/about-us', { type: 'page' }),
        item('blog', 'https://blog.example.com', { type: 'link', target: '_blank' }),
        item('billing', '/billing', { settings: { 'billing.enable': true }, subscriptionStatus: 'subscribed' }),
      ],
    });
    expect(menu.positions).toEqual(['footer']);
    expect(menu.items.map((i) => i.id)).toEqual(['home', 'about', 'blog', 'billing']);
    expect(menu.items[2]).toMatchObject({ type: 'link', target: '_blank', roles: [], permissions: [], settings: {} });
    expect((await menuNamed('Footer')).positions).toEqual([]);
    await expectPositionsOnce();

    const boot = await bootstrapMenus();
    expect(boot.filter((m) => m.positions.includes('footer')).map((m) => m.id)).toEqual([menu.id]);
    expect(boot.find((m) => m.id === menu.id)?.items.map((i) => i.label)).toEqual(['home', 'about', 'blog', 'billing']);

    const [created] = await auditOf('menu.create');
    expect(created).toMatchObject({ target_type: 'menu', target_id: String(menu.id), target_label: 'New footer' });
    expect(created?.before).toBeNull();
    expect(created?.after).toMatchObject({ positions: ['footer'] });
    const [moved] = await auditOf('menu.update');
    expect(moved).toMatchObject({ target_id: String(footer.id), target_label: 'Footer' });
    expect(moved?.before).toEqual({ positions: ['footer'] });
    expect(moved?.after).toEqual({ positions: [], moved_to_menu: menu.id });
  });

  it('saves a menu: name, positions and items in the order given', async () => {
    const menu = await menuNamed('New footer');
    const secondary = await menuNamed('Footer secondary');
    const items = [...menu.items].reverse();
    const res = await put(staff, `${LIST}/${menu.id}`, {
      name: 'Footers',
      positions: ['footer', 'footer-secondary'],
      items,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().menu).toEqual({ id: menu.id, name: 'Footers', positions: ['footer', 'footer-secondary'], items });
    expect((await menuNamed('Footer secondary')).positions).toEqual([]);
    await expectPositionsOnce();
    const boot = await bootstrapMenus();
    expect(boot.find((m) => m.id === menu.id)?.items.map((i) => i.id)).toEqual(['billing', 'blog', 'about', 'home']);
    expect(boot.find((m) => m.id === secondary.id)?.positions).toEqual([]);

    const entry = (await auditOf('menu.update')).find((e) => e.target_id === String(menu.id));
    expect(entry?.before).toMatchObject({ name: 'New footer', positions: ['footer'] });
    expect(entry?.after).toMatchObject({ name: 'Footers', positions: ['footer', 'footer-secondary'] });

    const refused = await put(staff, `${LIST}/${menu.id}`, {
      name: 'Footers',
      positions: [],
      items: [item('x', '/x')],
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect((await menuNamed('Footers')).items).toEqual(items);
  });

  it('answers 404 for an unknown menu', async () => {
    const body = { name: 'Ghost', positions: [], items: [] };
    expect((await put(staff, `${LIST}/999999`, body)).statusCode).toBe(404);
    expect((await del(staff, `${LIST}/999999`)).statusCode).toBe(404);
  });

  it('deletes a menu, which leaves the bootstrap data', async () => {
    const menu = await menuNamed('Footers');
    const res = await del(staff, `${LIST}/${menu.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await list()).find((m) => m.id === menu.id)).toBeUndefined();
    expect((await bootstrapMenus()).find((m) => m.id === menu.id)).toBeUndefined();
    const [entry] = await auditOf('menu.delete');
    expect(entry).toMatchObject({ target_id: String(menu.id), target_label: 'Footers', after: null });
    expect(entry?.before).toMatchObject({ name: 'Footers', positions: ['footer', 'footer-secondary'] });
    expect((await del(staff, `${LIST}/${menu.id}`)).statusCode).toBe(404);
  });
});

describe('admin menus: one position claimed by two menus at once in two processes', () => {
  // The other process runs in a worker thread: a second app in this thread would share its event
  // loop, and its SQLite statements would wait on this thread's open transaction without end.
  let worker: Awaited<ReturnType<typeof startWorkerApp>> | undefined;
  beforeAll(async () => {
    worker = await startWorkerApp(t.modules.config);
  });
  afterAll(async () => {
    await worker?.close();
  });

  it('leaves the position with exactly one of them, every round', async () => {
    if (!worker) throw new Error('the other process did not start');
    const other = new Agent(worker.app);
    for (const [k, v] of staff.cookies) other.cookies.set(k, v);
    const a = await create({ name: 'Race A', positions: [], items: [] });
    const b = await create({ name: 'Race B', positions: [], items: [] });
    for (let round = 0; round < 8; round++) {
      const position = MENU_POSITIONS[round % MENU_POSITIONS.length];
      const answers = await Promise.all([
        put(staff, `${LIST}/${a.id}`, { name: 'Race A', positions: [position], items: [] }),
        put(other, `${LIST}/${b.id}`, { name: 'Race B', positions: [position], items: [] }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const holders = (await list()).filter((m) => m.positions.includes(position as string));
      expect(holders).toHaveLength(1);
      await expectPositionsOnce();
    }
  });
});
