/**
 * THE OpenAPI 3.1 document of /api/v1 (issue #34), generated from the API itself: every route that carries an
 * `operation({...})` (openapi/operation.ts) with the zod schemas its handler validates. What the routes share is
 * added here, once: each call's credentials and sign-in errors from THE sign-in table (api.ts ACCESS), a body's
 * 400/413/422, a query's 422, and the `{detail}` shape of every error.
 */
import type { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { generateSpecs } from 'hono-openapi';
import { z } from 'zod';
import { tokenRefusalOf } from '../auth/api-tokens.ts';
import { chainOf, MEMBER, MEMBER_EVEN_IF_EXPIRED, ORG_ADMIN, PUBLIC, SHARE_TOKEN, SIGNED_ADDRESS, SIGNED_IN, type AccessTable } from '../auth/access.ts';
import { DESCRIPTIONS, OPERATION, SHARE_OPERATION, type Answer, type ShareOperation } from './operation.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Every error's body (errors.ts HttpError, http/error-handler.ts). */
const PROBLEM = {
  type: 'object',
  required: ['detail'],
  properties: {
    detail: { type: 'string', description: 'What went wrong, in words for a person' },
    errors: {
      type: 'array',
      description: 'A 422: each refused field',
      items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
} as const;

const ERROR_WORDS: Record<number, string> = {
  400: 'Bad request (malformed JSON, or no organisation chosen)',
  401: 'Not signed in, or the credentials are not valid',
  402: 'The organisation subscription is expired',
  403: 'Not allowed',
  404: 'Not found (also for ids of other organisations)',
  406: 'Not acceptable (this call answers another media type: see Accept)',
  409: 'Conflict',
  410: 'Gone',
  413: 'The request body is too large',
  416: 'Range not satisfiable (no body; Content-Range names the size)',
  422: 'The request breaks the schema; `errors` names the fields',
  429: 'Too many requests; see Retry-After',
  503: 'A service this call needs is unavailable',
};

/** A signed-in caller's credentials: the session's token, or a personal API token (rb_pat_…) on the same header. */
const SIGNED_IN_SECURITY = [{ signedIn: [] }, { apiToken: [] }];

const DESCRIPTION = [
  'The API under `/api/v1`, described from the code: each call’s parameters, bodies and answers are the zod schemas the server validates with.',
  '',
  'Credentials (`Authorization: Bearer …`): the token of a signed-in session (`POST auth/access-token`), a personal API token (`rb_pat_…`, made in Account Settings), or a checklist share link’s token (`share_…`, only for the calls of a share link). Calls that act in an organisation act in the session’s current one (`POST auth/select-org`).',
  '',
  'Every error is `{"detail": "…"}` with its status; a 422 also lists the refused fields in `errors`. Ids of another organisation’s objects answer 404.',
].join('\n');

/** The areas in the order a reader meets them; an area not named here follows, in the order of its first call. */
const TAGS = [
  'Account',
  'Organisations',
  'Users',
  'Roles',
  'Folders',
  'Documents',
  'Permissions',
  'Trash',
  'Search',
  'Checklist data',
  'Share links',
  'Result sheets',
  'QR labels',
  'Assignments',
  'Favourites and subscriptions',
  'Notifications',
  'Files',
  'Activity',
  'Settings',
  'Billing',
  'Webhooks',
  'API tokens',
  'API',
];

/** The credentials and sign-in errors of a call, from its chain in the sign-in table. */
function signInOf(access: AccessTable, method: string, path: string): { security: object[]; errors: number[] } {
  const signIn = chainSignInOf(access, method, path);
  if (signIn.security !== SIGNED_IN_SECURITY) return signIn;
  // An API token's refusals: a read-only token's write, a call its user may not make, and a call no token
  // may make (auth/api-tokens.ts TOKEN_REFUSALS: a signed-in session's alone; any `rb_pat_` bearer gets 403).
  const errors = signIn.errors.includes(403) ? signIn.errors : [...signIn.errors, 403];
  const refused = tokenRefusalOf(method.toUpperCase(), path) !== undefined;
  return { security: refused ? [{ signedIn: [] }] : SIGNED_IN_SECURITY, errors };
}

function chainSignInOf(access: AccessTable, method: string, path: string): { security: object[]; errors: number[] } {
  const chain = chainOf(access, method.toUpperCase(), path) ?? MEMBER;
  if (chain === PUBLIC || chain === SIGNED_ADDRESS) return { security: [], errors: [] };
  if (chain === SHARE_TOKEN) return { security: [{ shareToken: [] }], errors: [401] };
  if (chain === SIGNED_IN) return { security: SIGNED_IN_SECURITY, errors: [401] };
  if (chain === MEMBER_EVEN_IF_EXPIRED) return { security: SIGNED_IN_SECURITY, errors: [400, 401, 403] };
  if (chain === MEMBER) return { security: SIGNED_IN_SECURITY, errors: [400, 401, 402, 403] };
  if (chain === ORG_ADMIN) return { security: SIGNED_IN_SECURITY, errors: [400, 401, 402, 403] };
  // A chain of its own (an org-admin check after the member's): a member's errors and a 403.
  return { security: SIGNED_IN_SECURITY, errors: [400, 401, 402, 403] };
}

const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;

function parametersOf(schema: z.ZodType, where: 'query' | 'path'): { in: string; name: string }[] {
  const json = jsonSchemaOf(schema);
  const properties = (json.properties ?? {}) as Record<string, object>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ in: where, name, required: where === 'path' || required.has(name), schema: property }));
}

interface OperationObject {
  responses: Record<string, unknown>;
  parameters?: object[];
  requestBody?: object;
  security?: object[];
  [OPERATION]?: { body?: z.ZodType; bodyMedia?: string[]; bodyOptional?: boolean; query?: z.ZodType; params?: z.ZodObject; errors: number[] };
  [SHARE_OPERATION]?: ShareOperation;
  description?: string;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], OperationObject>>>;
  components: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * A share token's answers at a member's address (operation.ts shareOperation): the share credential beside the
 * member's, a sentence on what the token may do, its answers beside the member's (either may come) and its errors.
 */
function joinShare(op: OperationObject, share: ShareOperation, errors: Set<number>): void {
  op.security = [...(op.security ?? []), { shareToken: [] }];
  op.description = [op.description, `With a share token: ${share.description}`].filter(Boolean).join('\n\n');
  for (const [status, answer] of Object.entries(share.answers ?? {}) as [string, Answer][]) {
    const response = (op.responses[status] ?? { description: DESCRIPTIONS[Number(status)] ?? 'OK' }) as { description: string; content?: Record<string, { schema?: object }> };
    if (answer !== null) {
      const [media, entry] =
        'media' in answer && typeof answer.media === 'string'
          ? [answer.media, {}]
          : ['application/json', { schema: z.toJSONSchema(answer as z.ZodType, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }) }];
      const member = response.content?.[media]?.schema;
      const schema = 'schema' in entry && member ? { anyOf: [member, entry.schema] } : (entry as { schema?: object }).schema;
      response.content = { ...response.content, [media]: schema ? { schema } : {} };
    }
    op.responses[status] = response;
  }
  for (const status of share.errors ?? []) errors.add(status);
}

export async function openApiDocument(api: Hono<AppEnv>, access: AccessTable): Promise<OpenApiDocument> {
  const document = (await generateSpecs(api, {
    documentation: {
      openapi: '3.1.0',
      info: { title: 'Ringbinder API', version: '1', description: DESCRIPTION },
      tags: TAGS.map((name) => ({ name })),
      servers: [{ url: '/api/v1' }],
      components: {
        securitySchemes: {
          signedIn: { type: 'http', scheme: 'bearer', description: 'The token of a signed-in session (POST auth/access-token)' },
          apiToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (rb_pat_…), made in Account Settings: its user in its one organisation' },
          shareToken: { type: 'http', scheme: 'bearer', description: 'A checklist share link’s token (share_…)' },
        },
        schemas: { Problem: PROBLEM as never },
      },
    },
    // `/openapi.json` looks like a static file to hono-openapi, which leaves those out by default.
    excludeStaticFile: false,
  })) as unknown as OpenApiDocument;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const honoPath = path.replace(/\{(\w+)\}/g, ':$1');
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const extra = op[OPERATION];
      delete op[OPERATION];
      const signIn = signInOf(access, method, honoPath);
      op.security = signIn.security;
      const errors = new Set<number>([...signIn.errors, ...(extra?.errors ?? [])]);
      const share = op[SHARE_OPERATION];
      delete op[SHARE_OPERATION];
      if (share) joinShare(op, share, errors);
      if (extra?.body) {
        const schema = jsonSchemaOf(extra.body);
        const media = extra.bodyMedia ?? ['application/json'];
        op.requestBody = { required: !extra.bodyOptional, content: Object.fromEntries(media.map((m) => [m, { schema }])) };
        for (const status of [400, 413, 422]) errors.add(status);
      }
      if (extra?.params) {
        const described = parametersOf(extra.params, 'path');
        const named = new Set(described.map((p) => p.name));
        op.parameters = [...(op.parameters ?? []).filter((p) => !named.has((p as { name: string }).name)), ...described];
      }
      if (extra?.query) {
        op.parameters = [...(op.parameters ?? []), ...parametersOf(extra.query, 'query')];
        errors.add(422);
      }
      for (const status of [...errors].sort()) {
        op.responses[String(status)] = {
          description: ERROR_WORDS[status] ?? 'Error',
          // A 416 has no body (routes/uploads.ts sendFile); every other error is a Problem.
          ...(status === 416 ? {} : { content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } }),
        };
      }
    }
  }
  return document;
}

const made = new WeakMap<Hono<AppEnv>, Promise<OpenApiDocument>>();

/** The document of an API, made once per API (the routes do not change while the process runs). */
export function cachedOpenApiDocument(api: Hono<AppEnv>, access: AccessTable): Promise<OpenApiDocument> {
  let document = made.get(api);
  if (!document) {
    document = openApiDocument(api, access);
    made.set(api, document);
    // A failure is not kept: the next request tries again.
    document.catch(() => made.delete(api));
  }
  return document;
}
