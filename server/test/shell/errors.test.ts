import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createUser, loginAs } from '../helpers/factories.ts';

describe('error shapes (spec part 1 section 8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('answers 422 with an errors map for a missing field', async () => {
    const res = await new Agent(t.app).post('/api/v1/users/me/locale', {});
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(typeof body.message).toBe('string');
    expect(body.code).toBe('validation_failed');
    expect(body.errors.locale).toHaveLength(1);
  });

  it('answers 422 for a body that is not JSON', async () => {
    const res = await new Agent(t.app).request({
      method: 'POST',
      url: '/api/v1/users/me/locale',
      payload: '{"locale":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_failed');
    expect(res.json().errors.body[0]).toMatch(/not valid JSON/);
  });

  it('answers 401 to a visitor and 403 to a user without the permission', async () => {
    const guest = await new Agent(t.app).get('/api/v1/settings');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toEqual({ message: 'Unauthenticated.', code: 'unauthenticated' });
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, await createUser(t.modules));
    const user = await agent.get('/api/v1/settings');
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: 'This action is unauthorized.', code: 'forbidden' });
  });

  it('answers 413 to an oversized body and stores nothing', async () => {
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, await createUser(t.modules, { admin: true }));
    const huge = { settings: { 'seo.description': 'x'.repeat(2 * 1024 * 1024) } };
    const res = await agent.request({ method: 'PUT', url: '/api/v1/settings', payload: huge });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large.', code: 'payload_too_large' });
    expect((await agent.get('/api/v1/settings')).json().settings['seo.description']).not.toMatch(/^x+$/);
  });

  it('answers 429 with a message once a rate limit is spent', async () => {
    const agent = new Agent(t.app, { 'x-forwarded-for': '203.0.113.9' });
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++)
      statuses.push((await agent.post('/api/v1/users/me/locale', { locale: 'en' })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    const res = await agent.post('/api/v1/users/me/locale', { locale: 'en' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/Too many attempts/);
    expect(res.json().code).toBe('too_many_requests');
  });

  it('answers 404 with not_found for an unknown API path', async () => {
    const res = await new Agent(t.app).get('/api/v1/no-such-thing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', code: 'not_found' });
  });

  it('names a refused CSRF token with its own code', async () => {
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, await createUser(t.modules));
    const res = await agent.request({ method: 'POST', url: '/api/v1/folders', payload: { name: 'x' }, xsrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf_token_invalid');
  });

  it('answers name_taken for a name a sibling already has', async () => {
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, await createUser(t.modules));
    expect((await agent.post('/api/v1/folders', { name: 'Reports' })).statusCode).toBe(201);
    const res = await agent.post('/api/v1/folders', { name: 'reports' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('name_taken');
    expect(res.json().errors.name).toHaveLength(1);
  });

  it('answers a unique violation of the database as a conflict, without its details', async () => {
    const agent = new Agent(t.app);
    await loginAs(t.modules, agent, await createUser(t.modules));
    const parent = (await agent.post('/api/v1/folders', { name: 'Unique parent' })).json().fileEntry;
    expect((await agent.post('/api/v1/folders', { name: 'Twin', parentId: parent.id })).statusCode).toBe(201);
    // Folder names are unique per parent only; an index over all names makes the next insert collide.
    await sql`CREATE UNIQUE INDEX errors_test_unique_name ON file_entries (name)`.execute(t.modules.db);
    try {
      const res = await agent.post('/api/v1/folders', { name: 'Twin' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: expect.any(String), code: 'conflict' });
      expect(res.body).not.toMatch(/file_entries|errors_test|unique|constraint|sqlite|duplicate key|23505/i);
    } finally {
      await sql`DROP INDEX errors_test_unique_name`.execute(t.modules.db);
    }
  });

  it('documents the error answer and its codes in the OpenAPI document', async () => {
    const doc = (await new Agent(t.app).get('/api-docs/json')).json();
    const schema = doc.components.schemas.Error;
    expect(schema.required).toEqual(expect.arrayContaining(['message', 'code']));
    expect(schema.properties.code.enum).toEqual(expect.arrayContaining(['validation_failed', 'conflict', 'internal']));
    const responses = doc.paths['/api/v1/folders'].post.responses;
    expect(responses['201']).toBeDefined();
    for (const status of ['4XX', '5XX'])
      expect(responses[status].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
  });

  it('hides the details of an unexpected error when debug is off', async () => {
    await sql`ALTER TABLE custom_pages RENAME TO custom_pages_moved`.execute(t.modules.db);
    try {
      const res = await new Agent(t.app).get('/api/v1/custom-pages/about-us');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'There was an issue. Please try again.', code: 'internal' });
    } finally {
      await sql`ALTER TABLE custom_pages_moved RENAME TO custom_pages`.execute(t.modules.db);
    }
  });
});

describe('developer error payload (APP_DEBUG)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_DEBUG: 'true' });
    await sql`ALTER TABLE custom_pages RENAME TO custom_pages_moved`.execute(t.modules.db);
  });
  afterAll(() => t.close());

  it('answers the trace with frames, code snippets and vendor groups', async () => {
    const res = await new Agent(t.app).get('/api/v1/custom-pages/about-us');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.exception).toBeTruthy();
    expect(body.message).toMatch(/custom_pages/);
    expect(body.trace.length).toBeGreaterThan(0);
    const appFrames = body.trace.filter((f: { vendorGroup?: boolean }) => !f.vendorGroup);
    const ours = appFrames.find((f: { path: string }) => f.path.startsWith('server/src/'));
    expect(ours).toBeTruthy();
    expect(ours.lineNumber).toBeGreaterThan(0);
    expect(typeof ours.method).toBe('string');
    expect(ours.codeSnippet[String(ours.lineNumber)]).toBeTruthy();
    const groups = body.trace.filter((f: { vendorGroup?: boolean }) => f.vendorGroup);
    expect(body.totalVendorGroups).toBe(groups.length);
    expect(groups.length).toBeGreaterThan(0);
    expect(groups[0].items[0].path).toMatch(/node_modules|node:/);
  });

  it('lets logs.view holders download the latest error log, and nobody else', async () => {
    await new Agent(t.app).get('/api/v1/custom-pages/terms-of-service');
    const guest = await new Agent(t.app).get('/api/v1/logs/error/download-latest');
    expect(guest.statusCode).toBe(401);
    const userAgent = new Agent(t.app);
    await loginAs(t.modules, userAgent, await createUser(t.modules));
    expect((await userAgent.get('/api/v1/logs/error/download-latest')).statusCode).toBe(403);

    const admin = new Agent(t.app);
    await loginAs(t.modules, admin, await createUser(t.modules, { admin: true }));
    let res = await admin.get('/api/v1/logs/error/download-latest');
    // pino writes through a stream; give it a moment to reach the file.
    for (let i = 0; i < 20 && res.statusCode !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await admin.get('/api/v1/logs/error/download-latest');
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="error.*\.log"/);
    expect(res.body).toMatch(/custom_pages/);
    expect(fs.existsSync(`${t.db.dataDir}/logs`)).toBe(true);
  });
});
