/**
 * The OpenAPI document covers the API exactly (issue #34): every route of the Hono app (support/routes.ts,
 * `app.routes` without its middleware) is an operation of GET openapi.json, and every operation is a route.
 * A route without `operation({...})` (src/server/openapi/operation.ts) fails here by name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness.ts';
import { apiRoutes } from '../support/routes.ts';

const server = useTestServer();

/** `METHOD /path` with Hono's parameters (`:id`, `:kind{folders|documents}`) written as OpenAPI's `{id}`. */
const asOpenApi = (route: string) => route.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');

let operations: string[] = [];

beforeAll(async () => {
  const res = await server.client().get('openapi.json');
  expect(res.status, res.text).toBe(200);
  const paths = res.body.paths as Record<string, Record<string, unknown>>;
  operations = Object.entries(paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
});

describe('the OpenAPI document covers the API exactly', () => {
  const routes = apiRoutes({ config: { bodyLimit: 1 } } as never).map(asOpenApi);

  it('finds the routes and the operations', () => {
    expect(routes.length).toBeGreaterThan(90);
    expect(operations.length).toBeGreaterThan(40);
  });

  it.each(routes)('%s is described', (route) => {
    expect(operations, `${route} has no operation({...}) (src/server/openapi/operation.ts)`).toContain(route);
  });

  it('describes no route that does not exist', () => {
    expect(operations.filter((op) => !routes.includes(op))).toEqual([]);
  });
});
