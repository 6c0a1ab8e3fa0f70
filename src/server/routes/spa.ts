/**
 * Serves the built web app from dist/web: hashed assets cached for a year,
 * index.html never cached, and index.html for any other GET that asks for a
 * page (client-side routes). API prefixes never fall back to the app.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { negotiate } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import {
  acceptedLanguages,
  BOOT_FRAME_PAGES,
  bootFramePage,
  hasBootFrame,
  SIGNED_IN_FRAME_SLUGS,
  signedInFrameOf,
  signedInFramePage,
} from '../../domain/bootFrame';
import { LANGUAGE_COOKIE, LANGUAGES, resolveLanguage } from '../../domain/language';
import { SESSION_COOKIE } from '../auth/session';
import { withFirstAnswers } from '../../domain/firstAnswers';
import { firstAnswersFor } from './firstAnswers';

export const API_PREFIXES = ['/merchant/api/', '/partners/', '/health'];

/** The methods this server answers (HEAD as GET); anything else is 405. */
const SERVED: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * A page made per request, compressed as the browser accepts (Brotli at @fastify/compress's setting, else gzip):
 * the not-found handler serving pages is no route, so that plugin's global hook does not reach it.
 */
function sendCompressed(acceptEncoding: string | undefined, reply: FastifyReply, page: string) {
  const encoding = negotiate(acceptEncoding ?? '', ['br', 'gzip']);
  if (!encoding) return reply.send(page);
  return reply
    .header('content-encoding', encoding)
    .send(
      encoding === 'br'
        ? brotliCompressSync(page, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzipSync(page),
    );
}

export async function spaRoutes(app: FastifyInstance, opts: { webRoot: string; devRoutes: boolean }) {
  const hasBuild = existsSync(path.join(opts.webRoot, 'index.html'));
  // The sign-in page drawn into its HTML (domain/bootFrame.ts): a build without those pages serves index.html.
  const hasBootPages = BOOT_FRAME_PAGES.every((page) => existsSync(path.join(opts.webRoot, page)));
  // The signed-in pages' frames the build drew, in every language (a build from before them serves index.html).
  const framesBuilt = new Set(
    SIGNED_IN_FRAME_SLUGS.filter((frame) =>
      LANGUAGES.every((language) => existsSync(path.join(opts.webRoot, signedInFramePage(frame, language)))),
    ).map((frame) => frame.slug),
  );
  // A frame's HTML, read once (a new build means a restart), to write the session's first answers into.
  const frameHtml = new Map<string, string>();
  const frameOf = (file: string) => {
    if (!frameHtml.has(file)) frameHtml.set(file, readFileSync(path.join(opts.webRoot, file), 'utf8'));
    return frameHtml.get(file)!;
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.webRoot,
      index: false,
      // One route per file of the build, listed at start (the build is made before the server starts, and a new
      // build means a restart): with a wildcard, @fastify/static reads every directory on an asset's path at each
      // request to refuse a differently spelled name (1.7 of the server's 22 busy seconds in an end-to-end run).
      // A name not in the build is not found (the handler below), as before.
      wildcard: false,
      // Each text file's Brotli or gzip twin written at build (src/cli/precompressVitePlugin.ts), whichever the
      // browser accepts, with `Vary: Accept-Encoding`; the plain file for a browser that accepts neither.
      preCompressed: true,
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

  // Which methods an address has (the route table, read once it is complete): a method it lacks is 405 with the
  // ones it has, and a method the server never serves (TRACE, CONNECT, WebDAV's) is 405 wherever it is asked.
  let router: ReturnType<typeof FindMyWay> | undefined;
  const methodsOf = (url: string): string[] => {
    if (!router) {
      router = FindMyWay();
      for (const route of app.routeTable) {
        for (const method of route.method === 'GET' ? ['GET', 'HEAD'] : [route.method])
          if (!router.hasRoute(method as HTTPMethod, route.url))
            router.on(method as HTTPMethod, route.url, () => {});
      }
    }
    return SERVED.filter((method) => router!.find(method, url) !== null);
  };

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const methods = methodsOf(url);
    if (!SERVED.includes(request.method as HTTPMethod) || methods.length > 0)
      return reply
        .code(405)
        .header('allow', (methods.length > 0 ? methods : SERVED).join(', '))
        .header('cache-control', 'no-store')
        .send({ status: 405, message: `method not allowed: ${request.method}` });
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/merchant/api';
    // /dev pages are client routes (the catalogue page) outside production; in production all of /dev is absent.
    const isDevPath = url === '/dev' || url.startsWith('/dev/');
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (hasBuild && wantsPage && !isApi && (!isDevPath || opts.devRoutes) && !path.extname(url)) {
      reply.header('cache-control', 'no-cache').type('text/html');
      // The page drawn in the language the app will pick: the address's `lang`, the one the merchant chose (a
      // cookie the app writes beside its local storage), else the browser's.
      const query = request.query as Record<string, unknown>;
      const language = () =>
        resolveLanguage({
          query: typeof query.lang === 'string' ? query.lang : null,
          stored: request.cookies[LANGUAGE_COOKIE] ?? null,
          browser: acceptedLanguages(request.headers['accept-language']),
        });
      const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
      // A browser holding a session at one of the signed-in pages the build drew: its frame (the shell and the
      // page's title), which the app replaces once the page has drawn. The session itself is the app's to check:
      // an ended one sends the app on to sign-in, which removes the frame.
      const frame = signedIn ? signedInFrameOf(url) : undefined;
      // With it, the shell's first answers for that session (domain/firstAnswers.ts): the page then holds the
      // member's data, so no cache keeps it (the service worker does not either: it only passes pages through).
      if (frame && framesBuilt.has(frame.slug)) {
        const html = frameOf(signedInFramePage(frame, language()));
        const page = withFirstAnswers(html, await firstAnswersFor(app, request));
        reply
          .header('cache-control', 'private, no-store')
          .header('vary', 'Accept-Encoding, Accept-Language, Cookie');
        return sendCompressed(request.headers['accept-encoding'], reply, page);
      }
      // The sign-in form at its address, but not for a browser holding a session (the page most likely sends it
      // on: the drawn form would show for nothing).
      if (!hasBootPages || !hasBootFrame(url) || signedIn) return reply.sendFile('index.html');
      return reply
        .header('vary', 'Accept-Encoding, Accept-Language, Cookie')
        .sendFile(bootFramePage(language()));
    }
    return reply.code(404).header('cache-control', 'no-store').send({ status: 404, message: 'not found' });
  });
}
