import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createUser, loginAs } from '../helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('custom pages', () => {
  it('answers a seeded page by slug and by id', async () => {
    const agent = new Agent(t.app);
    const bySlug = await agent.get('/api/v1/custom-pages/about-us');
    expect(bySlug.statusCode).toBe(200);
    const { page } = bySlug.json();
    expect(page.slug).toBe('about-us');
    expect(page.title).toBeTruthy();
    expect(page.body).toContain('<');
    const byId = await agent.get(`/api/v1/custom-pages/${page.id}`);
    expect(byId.json().page.slug).toBe('about-us');
  });

  it('has the four seeded pages', async () => {
    for (const slug of ['about-us', 'terms-of-service', 'privacy-policy', 'articles']) {
      expect((await new Agent(t.app).get(`/api/v1/custom-pages/${slug}`)).statusCode).toBe(200);
    }
  });

  it('answers 404 for a missing page', async () => {
    const res = await new Agent(t.app).get('/api/v1/custom-pages/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Page not found.', code: 'not_found' });
  });

  it('strips scripts and handlers from a stored body', async () => {
    const at = new Date().toISOString();
    await t.modules.db
      .insertInto('custom_pages')
      .values({
        slug: 'evil',
        title: 'Evil',
        body:
          '<p onclick="x()">Hi<script>alert(1)</script><img src="x" onerror="alert(2)">' +
          '<a href="javascript:alert(3)">a</a></p>',
        seo: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const { page } = (await new Agent(t.app).get('/api/v1/custom-pages/evil')).json();
    expect(page.body).toContain('Hi');
    expect(page.body).not.toMatch(/script|onclick|onerror|javascript:/i);
  });
});

describe('value lists', () => {
  it('answers timezones grouped by region', async () => {
    const { timezones } = (await new Agent(t.app).get('/api/v1/value-lists/timezones')).json();
    expect(Object.keys(timezones)).toEqual(expect.arrayContaining(['Asia', 'Europe', 'America']));
    const kolkata = timezones.Asia.find((z: { value: string }) => z.value === 'Asia/Kolkata');
    expect(kolkata.text).toContain('+05:30');
  });

  it('answers several comma-joined lists at once', async () => {
    const body = (await new Agent(t.app).get('/api/v1/value-lists/countries,localizations')).json();
    expect(body.timezones).toBeUndefined();
    expect(body.countries.find((c: { id: number }) => c.id === 101)).toMatchObject({ code: 'IN', name: 'India' });
    expect(body.localizations.map((l: { language: string }) => l.language)).toEqual(
      expect.arrayContaining(['en', 'hi']),
    );
  });

  it("lists a country's states, and needs the country", async () => {
    const { states } = (await new Agent(t.app).get('/api/v1/value-lists/states?countryId=101')).json();
    expect(states.length).toBeGreaterThan(30);
    expect(states.find((s: { code: string }) => s.code === 'DL')).toMatchObject({ country_id: 101, name: 'Delhi' });
    const missing = await new Agent(t.app).get('/api/v1/value-lists/states');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.countryId).toBeTruthy();
  });

  it('refuses an unknown list with 422', async () => {
    const res = await new Agent(t.app).get('/api/v1/value-lists/countries,secrets');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.names[0]).toMatch(/secrets/);
  });
});

describe('POST users/me/locale', () => {
  it("answers the language's lines and keeps a visitor's choice in a cookie", async () => {
    const agent = new Agent(t.app);
    const res = await agent.post('/api/v1/users/me/locale', { locale: 'hi' });
    expect(res.statusCode).toBe(200);
    const { locale } = res.json();
    expect(locale.language).toBe('hi');
    expect(locale.lines['Take me there!']).not.toBe('Take me there!');
    expect((await agent.get('/api/v1/bootstrap-data')).json().i18n.language).toBe('hi');
  });

  it("stores a user's choice on the account", async () => {
    const user = await createUser(t.modules);
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, user);
    await agent.post('/api/v1/users/me/locale', { locale: 'hi' });
    expect((await t.modules.users.repos.users.getById(user.id))?.language).toBe('hi');
    const other = new Agent(t.app);
    await loginAs(t.modules, other, user);
    expect((await other.get('/api/v1/bootstrap-data')).json().i18n.language).toBe('hi');
  });

  it('refuses an unknown language', async () => {
    const res = await new Agent(t.app).post('/api/v1/users/me/locale', { locale: 'xx' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.locale).toEqual(['The selected locale is invalid.']);
  });
});

describe('admin settings', () => {
  it('refuses unknown keys and wrong types, changing nothing', async () => {
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, await createUser(t.modules, { admin: true }));
    const res = await agent.request({
      method: 'PUT',
      url: '/api/v1/settings',
      payload: { settings: { 'seo.title': 'Fine', 'no.such': 1, 'registration.disable': 'yes' } },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['no.such', 'registration.disable']);
    expect((await agent.get('/api/v1/settings')).json().settings['seo.title']).not.toBe('Fine');
  });

  it('never lists or changes the internal app key', async () => {
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, await createUser(t.modules, { admin: true }));
    expect((await agent.get('/api/v1/settings')).json().settings['app.key']).toBeUndefined();
    const res = await agent.request({
      method: 'PUT',
      url: '/api/v1/settings',
      payload: { settings: { 'app.key': 'mine' } },
    });
    expect(res.statusCode).toBe(422);
  });

  it('changes what bootstrap data carries', async () => {
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, await createUser(t.modules, { admin: true }));
    await agent.request({
      method: 'PUT',
      url: '/api/v1/settings',
      payload: { settings: { 'registration.disable': true } },
    });
    expect((await new Agent(t.app).get('/api/v1/bootstrap-data')).json().settings.registration.disable).toBe(true);
    await agent.request({ method: 'DELETE', url: '/api/v1/settings/registration.disable' });
  });
});

describe('OpenAPI document at /api-docs', () => {
  it('is open to visitors while the guest role holds api.access', async () => {
    const res = await new Agent(t.app).get('/api-docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/custom-pages/{idOrSlug}', '/api/v1/value-lists/{names}', '/api/v1/settings']),
    );
    expect((await new Agent(t.app).get('/api-docs')).statusCode).toBeLessThan(400);
  });

  it('is closed to visitors once the guest role loses api.access', async () => {
    const guest = await t.modules.users.repos.roles.getGuestRole();
    const perm = await t.modules.db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', 'api.access')
      .executeTakeFirstOrThrow();
    await t.modules.db
      .deleteFrom('permission_role')
      .where('role_id', '=', guest!.id)
      .where('permission_id', '=', perm.id)
      .execute();
    t.modules.users.actors.forgetGuestRole();
    try {
      expect((await new Agent(t.app).get('/api-docs/json')).statusCode).toBe(401);
      const agent = new Agent(t.app);
      await loginAs(t.modules, agent, await createUser(t.modules));
      expect((await agent.get('/api-docs/json')).statusCode).toBe(200);
    } finally {
      await t.modules.db
        .insertInto('permission_role')
        .values({ role_id: guest!.id, permission_id: perm.id, restrictions: '[]' })
        .execute();
      t.modules.users.actors.forgetGuestRole();
    }
  });
});
