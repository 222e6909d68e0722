/**
 * `openapi.json` (public; issue #34): THE OpenAPI 3.1 document of /api/v1, generated from the API's own routes
 * and their `operation({...})` descriptions (openapi/document.ts), made once per process. /api/docs renders it.
 */
import { Hono } from 'hono';
import type { AccessTable } from '../auth/access.ts';
import type { AppEnv } from '../env.ts';
import { cachedOpenApiDocument } from '../openapi/document.ts';
import { operation } from '../openapi/operation.ts';

/** The route that answers the document of `api` (which mounts it). */
export function openApiRoute(api: Hono<AppEnv>, access: AccessTable): Hono<AppEnv> {
  const route = new Hono<AppEnv>();
  route.get(
    '/',
    operation({
      summary: 'This API described (OpenAPI 3.1)',
      tag: 'API',
      answers: { 200: { media: 'application/json', description: 'The OpenAPI 3.1 document of /api/v1' } },
    }),
    async (c) => c.json(await cachedOpenApiDocument(api, access)),
  );
  return route;
}
