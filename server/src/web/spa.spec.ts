import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { directUploadOrigins, errorReportingOrigins, htmlCsp, isClientRoute } from './spa.ts';
import { safeJson } from './safe-json.ts';

const req = (method: string, url: string) => ({ method, url }) as FastifyRequest;

describe('safeJson', () => {
  it('cannot end the script element or a JS string', () => {
    const out = safeJson({ a: '</script><b>', b: '\u2028' });
    expect(out).not.toContain('</script>');
    expect(out).not.toContain('\u2028');
    expect(JSON.parse(out)).toEqual({ a: '</script><b>', b: '\u2028' });
  });
});

describe('isClientRoute', () => {
  it('is true for app paths and false for API calls and files', () => {
    expect(isClientRoute(req('GET', '/drive/folders/abc?x=1'))).toBe(true);
    expect(isClientRoute(req('GET', '/pages/about-us'))).toBe(true);
    expect(isClientRoute(req('GET', '/api/v1/nope'))).toBe(false);
    expect(isClientRoute(req('GET', '/auth/login'))).toBe(false);
    expect(isClientRoute(req('GET', '/assets/app.js'))).toBe(false);
    expect(isClientRoute(req('GET', '/missing.png'))).toBe(false);
    expect(isClientRoute(req('POST', '/login'))).toBe(false);
  });
});

describe('htmlCsp', () => {
  it("allows the app's own scripts and the one nonce, and no plugins", () => {
    const csp = htmlCsp('abc');
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("style-src 'self' 'nonce-abc';");
    expect(csp).not.toMatch(/style-src [^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('google');
  });

  it('lets the page send direct uploads to the bucket', () => {
    expect(htmlCsp('abc')).toContain("connect-src 'self';");
    const origins = directUploadOrigins({ endpoint: 'http://127.0.0.1:7480/', bucket: 'kosh', forcePathStyle: true });
    expect(origins).toEqual(['http://127.0.0.1:7480']);
    expect(htmlCsp('abc', { connect: origins })).toContain("connect-src 'self' http://127.0.0.1:7480;");
    expect(directUploadOrigins({ endpoint: 'https://s3.example.com', bucket: 'kosh', forcePathStyle: false })).toEqual([
      'https://kosh.s3.example.com',
    ]);
    expect(directUploadOrigins({ bucket: 'kosh', forcePathStyle: true })).toEqual([]);
  });

  it('lets the page send error reports to the origin of the configured public key only', () => {
    expect(errorReportingOrigins('https://key@errors.example.com/12')).toEqual(['https://errors.example.com']);
    expect(errorReportingOrigins('http://key@127.0.0.1:9000/1')).toEqual(['http://127.0.0.1:9000']);
    expect(errorReportingOrigins('')).toEqual([]);
    expect(errorReportingOrigins(undefined)).toEqual([]);
    expect(errorReportingOrigins('javascript:alert(1)')).toEqual([]);
  });

  it("lets Google's human check load only when a site key is configured", () => {
    const csp = htmlCsp('abc', { recaptcha: true });
    expect(csp).toMatch(/script-src 'self' 'nonce-abc' https:\/\/www\.google\.com\/recaptcha\//);
    expect(csp).toMatch(/frame-src 'self' https:\/\/www\.google\.com\/recaptcha\//);
  });
});
