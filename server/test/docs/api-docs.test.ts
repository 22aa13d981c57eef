import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API docs page at /api-docs', () => {
  it('runs under a CSP of its own origin only: no inline script or style, no CDN', async () => {
    const res = await new Agent(t.app).get('/api-docs');
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('https:');
    expect(res.body).not.toMatch(/<script>|<style>|https?:\/\//);
    expect(res.body).toContain('<title>Kosh API</title>');
  });

  it("links a stylesheet with Kosh's theme tokens and the Inter font it ships", async () => {
    const page = await new Agent(t.app).get('/api-docs');
    expect(page.body).toContain('theme/kosh.css');
    const css = await new Agent(t.app).get('/api-docs/static/theme/kosh.css');
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    expect(css.body).toContain('--kosh-primary: #1a73e8;');
    expect(css.body).toContain('data:font/woff2;base64,');
    expect(css.body).not.toMatch(/https?:\/\//);
  });

  it('puts the Kosh logo in the top bar instead of the Swagger one', async () => {
    const init = await new Agent(t.app).get('/api-docs/static/swagger-initializer.js');
    const logo = Buffer.from(/data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)/.exec(init.body)?.[1] ?? '', 'base64');
    expect(logo.toString()).toContain('<title>Kosh</title>');
  });
});
