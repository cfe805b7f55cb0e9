import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** The route pattern, e.g. "/api/admin/users/:id/role". */
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route any feature registered (filled as they register; tests enumerate it). */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Record every route as it is added; must be registered before the features. */
export function registerRouteRegistry(app: FastifyInstance) {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
}
