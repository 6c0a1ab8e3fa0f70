/**
 * Serves the built web app from dist/web: hashed assets cached for a year,
 * index.html never cached, and index.html for any other GET that asks for a
 * page (client-side routes). API prefixes never fall back to the app.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export const API_PREFIXES = ['/merchant/api/', '/partners/', '/health'];

export async function spaRoutes(app: FastifyInstance, opts: { webRoot: string; devRoutes: boolean }) {
  const hasBuild = existsSync(path.join(opts.webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.webRoot,
      index: false,
      wildcard: true,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html'),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/merchant/api';
    // /dev pages are client routes (the catalogue page) outside production; in production all of /dev is absent.
    const isDevPath = url === '/dev' || url.startsWith('/dev/');
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (hasBuild && wantsPage && !isApi && (!isDevPath || opts.devRoutes) && !path.extname(url)) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).header('cache-control', 'no-store').send({ status: 404, message: 'not found' });
  });
}
