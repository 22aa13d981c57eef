import { describe, expect, it } from 'vitest';
import { prepareRequest, resolveUrl } from './http.ts';

const cookies = (jar: Record<string, string>) => (name: string) => jar[name];
const noCookies = cookies({});

describe('resolveUrl', () => {
  it('prefixes ordinary paths with api/v1', () => {
    expect(resolveUrl('users/me')).toBe('/api/v1/users/me');
    expect(resolveUrl('/custom-pages/about-us')).toBe('/api/v1/custom-pages/about-us');
  });

  it('leaves auth, secure, log-viewer and horizon paths unprefixed', () => {
    expect(resolveUrl('auth/login')).toBe('/auth/login');
    expect(resolveUrl('secure/auth/social/google/login')).toBe('/secure/auth/social/google/login');
    expect(resolveUrl('log-viewer')).toBe('/log-viewer');
    expect(resolveUrl('horizon/api/stats')).toBe('/horizon/api/stats');
  });

  it('does not prefix a path twice', () => {
    expect(resolveUrl('api/v1/logs/error/download-latest')).toBe('/api/v1/logs/error/download-latest');
  });

  it('leaves absolute URLs alone', () => {
    expect(resolveUrl('https://example.com/x')).toBe('https://example.com/x');
  });

  it('prefixes paths that only start like an unprefixed one', () => {
    expect(resolveUrl('authors/1')).toBe('/api/v1/authors/1');
  });
});

describe('prepareRequest', () => {
  it('joins with, load and loadCount lists with commas on GET', () => {
    const { url } = prepareRequest(
      'GET',
      'users/1',
      { params: { with: ['roles', 'permissions'], load: ['a', 'b'], loadCount: ['c', 'd'] } },
      noCookies,
    );
    expect(new URL(url, 'http://x').searchParams.get('with')).toBe('roles,permissions');
    expect(new URL(url, 'http://x').searchParams.get('load')).toBe('a,b');
    expect(new URL(url, 'http://x').searchParams.get('loadCount')).toBe('c,d');
  });

  it('skips null and undefined params', () => {
    const { url } = prepareRequest('GET', 'files', { params: { a: undefined, b: null, c: 0 } }, noCookies);
    expect(url).toBe('/api/v1/files?c=0');
  });

  it('sends PUT, PATCH and DELETE as POST with the override header and _method param', () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const { url, init } = prepareRequest(method, 'users/1', { body: { a: 1 } }, noCookies);
      expect(init.method).toBe('POST');
      expect(init.headers['x-http-method-override']).toBe(method);
      expect(new URL(url, 'http://x').searchParams.get('_method')).toBe(method);
    }
  });

  it('sends GET and POST as themselves', () => {
    expect(prepareRequest('GET', 'a', {}, noCookies).init.method).toBe('GET');
    expect(prepareRequest('POST', 'a', {}, noCookies).init.method).toBe('POST');
  });

  it('sends the XSRF-TOKEN cookie as X-XSRF-TOKEN on every non-GET call', () => {
    const jar = cookies({ 'XSRF-TOKEN': 'tok=1' });
    expect(prepareRequest('POST', 'a', {}, jar).init.headers['x-xsrf-token']).toBe('tok=1');
    expect(prepareRequest('DELETE', 'a', {}, jar).init.headers['x-xsrf-token']).toBe('tok=1');
    expect(prepareRequest('GET', 'a', {}, jar).init.headers['x-xsrf-token']).toBeUndefined();
  });

  it('sends it on a GET that changes state (joining a workspace)', () => {
    const jar = cookies({ 'XSRF-TOKEN': 'tok=1' });
    expect(prepareRequest('GET', 'a', { changesState: true }, jar).init.headers['x-xsrf-token']).toBe('tok=1');
  });

  it('adds workspaceId to GET, POST and PUT when a non-zero workspace is active', () => {
    const jar = cookies({ activeWorkspaceId: '7' });
    for (const method of ['GET', 'POST', 'PUT'] as const) {
      const { url } = prepareRequest(method, 'drive/entries', {}, jar);
      expect(new URL(url, 'http://x').searchParams.get('workspaceId')).toBe('7');
    }
    for (const method of ['PATCH', 'DELETE'] as const) {
      const { url } = prepareRequest(method, 'drive/entries', {}, jar);
      expect(new URL(url, 'http://x').searchParams.get('workspaceId')).toBeNull();
    }
  });

  it('adds no workspaceId for the default workspace 0 or without the cookie', () => {
    expect(prepareRequest('GET', 'a', {}, cookies({ activeWorkspaceId: '0' })).url).toBe('/api/v1/a');
    expect(prepareRequest('GET', 'a', {}, noCookies).url).toBe('/api/v1/a');
  });

  it('keeps a workspaceId the call already gives', () => {
    const jar = cookies({ activeWorkspaceId: '7' });
    const get = prepareRequest('GET', 'a', { params: { workspaceId: 3 } }, jar);
    expect(new URL(get.url, 'http://x').searchParams.getAll('workspaceId')).toEqual(['3']);
    const post = prepareRequest('POST', 'a', { body: { workspaceId: 3 } }, jar);
    expect(new URL(post.url, 'http://x').searchParams.get('workspaceId')).toBeNull();
  });

  it('sends JSON bodies with credentials and JSON headers', () => {
    const { init } = prepareRequest('POST', 'auth/login', { body: { email: 'a@b.c' } }, noCookies);
    expect(init.credentials).toBe('include');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.headers.Accept).toBe('application/json');
    expect(init.body).toBe('{"email":"a@b.c"}');
  });

  it('passes FormData through without a JSON content type', () => {
    const form = new FormData();
    form.append('file', 'x');
    const { init } = prepareRequest('POST', 'uploads', { body: form }, noCookies);
    expect(init.body).toBe(form);
    expect(init.headers['Content-Type']).toBeUndefined();
  });
});
