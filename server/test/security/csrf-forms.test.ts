import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../helpers/drive.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { Person } from '../shares/sharing.ts';

describe('CSRF from another origin', () => {
  // Class: cross-site request forgery (form posts, text/plain bodies, method override) against a cookie session.
  let t: TestApp;
  let victim: Person;
  const origin = { origin: 'https://evil.example', referer: 'https://evil.example/attack.html' };
  const entries = async () => (await t.modules.db.selectFrom('file_entries').selectAll().execute()).length;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    victim = await Person.create(t);
  });
  afterAll(() => t.close());

  /** What a page elsewhere can make the victim's browser send: cookies ride along, no custom header. */
  const forged = (method: 'GET' | 'POST', url: string, payload: string | Buffer, type: string) =>
    victim.agent.request({ method, url, payload, headers: { ...origin, 'content-type': type }, xsrf: false });

  it('refuses a url-encoded form post (403) and creates nothing', async () => {
    const before = await entries();
    const res = await forged('POST', '/api/v1/folders', 'name=planted', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('csrf_token_invalid');
    expect(await entries()).toBe(before);
  });

  it('refuses a multipart form post, an upload included (403), and stores nothing', async () => {
    const before = await entries();
    const upload = multipart([['metadata', '{}']], { name: 'planted.html', content: '<script>1</script>' });
    const res = await forged('POST', '/api/v1/file-entries', upload.payload, upload.headers['content-type']);
    expect(res.statusCode).toBe(403);
    const folder = multipart([['name', 'planted']]);
    expect((await forged('POST', '/api/v1/folders', folder.payload, folder.headers['content-type'])).statusCode).toBe(
      403,
    );
    expect(await entries()).toBe(before);
  });

  it('refuses a text/plain body shaped as JSON (403), and never reads text/plain as JSON', async () => {
    const before = await entries();
    const body = JSON.stringify({ name: 'planted' });
    expect((await forged('POST', '/api/v1/folders', body, 'text/plain')).statusCode).toBe(403);
    const withToken = await victim.agent.request({
      method: 'POST',
      url: '/api/v1/folders',
      payload: body,
      headers: { 'content-type': 'text/plain' },
    });
    expect(withToken.statusCode).toBeGreaterThanOrEqual(400);
    expect(await entries()).toBe(before);
  });

  it('refuses a method override by query or by form field without the token (403), changing nothing', async () => {
    const file = await victim.upload('keep.txt', 'keep me');
    const link = await victim.createLink(file.id);
    const urls = [
      `/api/v1/file-entries/${file.id}/shareable-link?_method=DELETE`,
      `/api/v1/file-entries/${file.id}?_method=PUT`,
    ];
    for (const url of urls) {
      expect((await forged('POST', url, '_method=DELETE&name=x', 'application/x-www-form-urlencoded')).statusCode).toBe(
        403,
      );
    }
    const row = await t.modules.db.selectFrom('file_entries').selectAll().where('id', '=', file.id).executeTakeFirst();
    expect(row).toMatchObject({ name: 'keep.txt', deleted_at: null });
    const links = await t.modules.db.selectFrom('shareable_links').selectAll().where('hash', '=', link.hash).execute();
    expect(links).toHaveLength(1);
  });

  it('never turns a GET into a state change through an override', async () => {
    const file = await victim.upload('still-here.txt', 'x');
    await victim.createLink(file.id);
    const tries = [
      victim.agent.request({
        method: 'GET',
        url: `/api/v1/file-entries/${file.id}/shareable-link?_method=DELETE`,
        xsrf: false,
      }),
      victim.agent.request({
        method: 'GET',
        url: `/api/v1/file-entries/${file.id}/shareable-link`,
        headers: { 'x-http-method-override': 'DELETE', ...origin },
        xsrf: false,
      }),
      victim.agent.request({ method: 'GET', url: '/api/v1/file-entries/empty-trash?_method=POST', xsrf: false }),
    ];
    for (const res of await Promise.all(tries)) expect(res.statusCode).not.toBe(204);
    const links = await t.modules.db
      .selectFrom('shareable_links')
      .selectAll()
      .where('file_entry_id', '=', file.id)
      .execute();
    expect(links).toHaveLength(1);
  });

  it('sets the session cookie SameSite=Lax and httpOnly, the XSRF cookie readable for the app only', async () => {
    const res = await victim.agent.post('/auth/login', { email: victim.user.email, password: 'correct horse battery' });
    const session = res.cookies.find((c) => c.name === 'kosh_session') as { sameSite?: string; httpOnly?: boolean };
    expect(session).toMatchObject({ sameSite: 'Lax', httpOnly: true });
  });
});
