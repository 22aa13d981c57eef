import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, type EndpointDefinition, endpoints, isUnprefixedPath } from '@kosh/contracts';
import { type CatalogedRoute, routeCatalogOf } from '../../src/http/route-catalog.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The URL a route is registered under for a path of the table (the client's rule, part 1, 7.1). */
const serverUrl = (path: string) => (isUnprefixedPath(path) ? `/${path}` : `/${API_PREFIX}/${path}`);

/** The schema of the route's success answer: 200, else the first other 2xx. */
function successSchema(route: CatalogedRoute): unknown {
  const response = (route.schema?.response ?? {}) as Record<string, unknown>;
  const code = Object.keys(response)
    .filter((status) => /^2\d\d$/.test(status))
    .sort()[0];
  return code === undefined ? undefined : response[code];
}

describe('the endpoint table (contracts/src/endpoints.ts)', () => {
  let t: TestApp;
  let routes: readonly CatalogedRoute[];
  beforeAll(async () => {
    t = await createTestApp();
    routes = routeCatalogOf(t.app)?.routes ?? [];
  });
  afterAll(() => t.close());

  it('sees the routes of the app', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('names each call once', () => {
    const keys = Object.values(endpoints).map((e: EndpointDefinition) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(Object.entries(endpoints))('%s is a route declaring the same schema objects', (_name, entry) => {
    const e: EndpointDefinition = entry;
    const url = serverUrl(e.path);
    const route = routes.find((r) => r.method === e.method && r.url === url);
    expect(route, `${e.method} ${url} is not a route`).toBeDefined();
    if (!route) return;
    expect(route.schema?.params, 'params').toBe(e.params);
    expect(route.schema?.querystring, 'querystring').toBe(e.query);
    expect(route.schema?.body, 'body').toBe(e.body);
    expect(successSchema(route), 'success response').toBe(e.response);
  });
});
