import { beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '@kosh/contracts/endpoints';

const apiRequest = vi.fn();
vi.mock('./http.ts', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
const { call, fillPath } = await import('./call.ts');

describe('fillPath', () => {
  it('puts each param in its place, URL-encoded', () => {
    expect(fillPath('workspace/:id/member/:userId', { id: 3, userId: 7 })).toBe('workspace/3/member/7');
    expect(fillPath('custom-pages/:idOrSlug', { idOrSlug: 'a b/c' })).toBe('custom-pages/a%20b%2Fc');
  });

  it('refuses a path whose param is missing', () => {
    expect(() => fillPath('users/:id', {})).toThrow(/needs id/);
  });
});

describe('call', () => {
  beforeEach(() => {
    apiRequest.mockReset();
    apiRequest.mockResolvedValue({ entries: [] });
  });

  it("sends the endpoint's method and path with the body", async () => {
    const answer = await call(endpoints.moveEntries, { body: { entryIds: [1, 2], destinationId: null } });
    expect(answer).toEqual({ entries: [] });
    expect(apiRequest).toHaveBeenCalledWith('POST', 'file-entries/move', {
      params: {},
      body: { entryIds: [1, 2], destinationId: null },
      signal: undefined,
    });
  });

  it('fills path params and sends the query and an explicit workspaceId as query params', async () => {
    const signal = new AbortController().signal;
    await call(endpoints.getShareableLinkPage, { params: { hash: 'abc' }, query: { page: 2 }, workspaceId: 0, signal });
    expect(apiRequest).toHaveBeenCalledWith('GET', 'shareable-links/abc', {
      params: { page: 2, workspaceId: 0 },
      body: undefined,
      signal,
    });
  });

  it('keeps PUT and DELETE for the client to override (part 1, 7.1)', async () => {
    await call(endpoints.renameEntry, { params: { entryId: 5 }, body: { name: 'x' } });
    await call(endpoints.removeShare, { params: { shareId: 9 } });
    expect(apiRequest.mock.calls.map(([method, path]) => `${method} ${path}`)).toEqual([
      'PUT file-entries/5',
      'DELETE file-entries/shares/9',
    ]);
  });
});
