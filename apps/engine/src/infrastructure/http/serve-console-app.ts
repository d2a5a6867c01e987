import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { DomainError } from '@lead-engine/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * apps/console's build, found the same way from the sources (tests) and from apps/engine/dist:
 * both sit three folders below apps/engine.
 */
export const CONSOLE_APP_DIST = path.resolve(__dirname, '../../../../console/dist');

/** Where the app lives; its fingerprinted files are under /app/assets/. */
export const CONSOLE_APP_PREFIX = '/app';

/**
 * The app's own Content-Security-Policy: only its own scripts (Vite emits no inline script), the
 * styles Mantine injects at run time, requests to the engine itself, no framing, no plugins.
 */
const CONSOLE_APP_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Serves the console (a single-page app) at /app: assets cached immutable, compressed at build, every other path under
 * /app/ answers index.html (the app routes it), `GET /` sends people there. Headers by helmet, in
 * this scope only (the API and /docs keep their own).
 */
export async function serveConsoleApp(fastify: FastifyInstance, dist = CONSOLE_APP_DIST): Promise<void> {
  fastify.get('/', (_request, reply) => reply.redirect(`${CONSOLE_APP_PREFIX}/`, 302));

  await fastify.register(async (scope) => {
    await scope.register(fastifyHelmet, {
      // Useless over plain HTTP, where the engine is usually reached (helmet issue 480); HSTS only over HTTPS, below.
      contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_APP_CSP },
      strictTransportSecurity: false,
      xFrameOptions: { action: 'deny' },
    });
    scope.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
    });

    const assets = path.join(dist, 'assets');
    if (existsSync(assets)) {
      await scope.register(fastifyStatic, {
        root: assets,
        prefix: `${CONSOLE_APP_PREFIX}/assets/`,
        index: false,
        // The build wrote a brotli and a gzip copy of each: sent as the browser accepts, with Vary: Accept-Encoding.
        preCompressed: true,
        // File names carry a hash of their content: a new build has new names.
        cacheControl: true,
        maxAge: '365d',
        immutable: true,
        etag: false,
        lastModified: false,
      });
    }

    const sendIndex = async (_request: unknown, reply: FastifyReply) => {
      let html: string;
      try {
        html = await readFile(path.join(dist, 'index.html'), 'utf8');
      } catch {
        throw new DomainError('SERVICE_UNAVAILABLE', 'The app is not built: run `npm run build`, then start the engine again.');
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    };
    scope.get(CONSOLE_APP_PREFIX, sendIndex);
    scope.get(`${CONSOLE_APP_PREFIX}/*`, sendIndex);
  });
}
