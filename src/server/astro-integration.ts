/**
 * Joins Astro and the server. In `npm run dev` the API (/api/v1) runs inside Astro's dev server and
 * page addresses are mapped to their shells through the same route table as in production. On build,
 * it writes build-info.json (version and time) for `_build-info`.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { IncomingMessage, ServerResponse } from 'node:http';

export function ringbinderServer(): AstroIntegration {
  return {
    name: 'ringbinder-server',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => {
          try {
            const url = new URL(req.url ?? '/', 'http://dev');
            if (url.pathname.startsWith('/api/')) {
              // Loaded through Vite so that server code reloads when it changes.
              const dev = (await server.ssrLoadModule('/src/server/dev-api.ts')) as typeof import('./dev-api.ts');
              await dev.handle(req, res);
              return;
            }
            const routes = (await server.ssrLoadModule('/src/routes.ts')) as typeof import('../routes.ts');
            if (/\.[a-z0-9]+$/i.test(url.pathname) || url.pathname.startsWith('/@') || url.pathname.startsWith('/node_modules/') || url.pathname.startsWith('/src/')) {
              next();
              return;
            }
            const match = routes.matchRoute(url.pathname);
            const shell = match ? match.route.shell : routes.notFoundShell;
            if (!match) res.statusCode = 404;
            req.url = (shell === 'index' ? '/' : `/${shell}/`) + url.search;
            if (shell === routes.notFoundShell) req.url = '/404/' + url.search;
            next();
          } catch (err) {
            next(err);
          }
        });
      },
      'astro:build:done': ({ dir }) => {
        const info = { version: process.env.npm_package_version ?? '0.1.0', time: new Date().toISOString() };
        writeFileSync(fileURLToPath(new URL('build-info.json', dir)), JSON.stringify(info));
      },
    },
  };
}
