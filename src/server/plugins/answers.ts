/**
 * What every answer carries and when it leaves: the request id, `no-store` on an API answer (unless its route
 * said otherwise: the catalogue's versions), and — with DB_SYNC=on (embedded database) — a state-changing
 * answer only once what it wrote is on disk. And every route as registered: its policy worked out once
 * (routePolicy.ts), and an entry in the table the API document test reads (tests/server/openapi.test.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { attachPolicy, readsOnly, requestPolicy } from '../routePolicy';

/** A registered route: its method, path pattern, and whether it is left out of the API document (pages, files). */
export interface RouteEntry {
  method: string;
  url: string;
  hidden: boolean;
}

export const answers = fp(async (app: FastifyInstance, options: { sync?: () => Promise<void> }) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (requestPolicy(request).private && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  const { sync } = options;
  if (sync)
    app.addHook('onSend', async (request) => {
      if (readsOnly(request.method)) return;
      await sync().catch((error: unknown) =>
        request.log.error({ err: error }, 'flushing the database to disk failed'),
      );
    });

  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    attachPolicy(route);
    for (const method of [route.method].flat())
      if (method !== 'HEAD')
        routeTable.push({
          method,
          url: route.url,
          hidden: (route.schema as { hide?: boolean } | undefined)?.hide === true,
        });
  });
  app.decorate('routeTable', routeTable);
});

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}
