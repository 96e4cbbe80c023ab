import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

/** A route as it was registered: method, full URL (prefix included), schema and route config. */
export type TRouteInfo = {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  schema: FastifySchema | undefined;
  config: unknown;
  websocket: boolean;
};

/**
 * Records every route registered on `app` from now on (its own and its plugins'): the API fuzz test
 * derives its calls from this list, so a new route is covered without being named anywhere. Must be
 * called before any route is registered; holds only references the router keeps anyway.
 */
export function recordRoutes(app: FastifyInstance): readonly TRouteInfo[] {
  const routes: TRouteInfo[] = [];
  app.addHook('onRoute', (route) => {
    routes.push({
      method: route.method,
      url: route.url,
      schema: route.schema,
      config: route.config,
      websocket: 'websocket' in route && route.websocket === true,
    });
  });
  return routes;
}
