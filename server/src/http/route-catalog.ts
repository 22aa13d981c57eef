import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import FindMyWay from 'find-my-way';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
const isMethod = (m: string): m is Method => (METHODS as readonly string[]).includes(m);

/** One registered route as declared: its method, full URL (prefix included) and schema objects. */
export type CatalogedRoute = { method: Method; url: string; schema: FastifySchema | undefined };

export type RouteCatalog = {
  /** Every route registered so far, in registration order. */
  readonly routes: readonly CatalogedRoute[];
  /** The methods some route answers on this path (for the Allow header of a 405). */
  methodsOf(path: string): Method[];
};

const catalogs = new WeakMap<FastifyInstance, RouteCatalog>();

/**
 * Records every route registered after this call (Fastify's onRoute hook). The 405 answer asks
 * it which methods a path has; the endpoint table's test reads the schemas the routes declare.
 */
export function catalogRoutes(app: FastifyInstance): RouteCatalog {
  const mirror = FindMyWay();
  const routes: CatalogedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods: HTTPMethods[] = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!isMethod(method)) continue;
      mirror.on(method, route.url, () => undefined);
      routes.push({ method, url: route.url, schema: route.schema });
    }
  });
  const catalog: RouteCatalog = {
    routes,
    methodsOf: (path) => METHODS.filter((m) => mirror.find(m, path)),
  };
  catalogs.set(app, catalog);
  return catalog;
}

/** The catalog of an app built by buildApp (undefined for an instance that never called catalogRoutes). */
export function routeCatalogOf(app: FastifyInstance): RouteCatalog | undefined {
  return catalogs.get(app);
}
