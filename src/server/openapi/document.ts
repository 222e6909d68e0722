/**
 * THE OpenAPI 3.1 document of /api/v1 (issue #34), generated from the API itself: every route that carries an
 * `operation({...})` (openapi/operation.ts) with the zod schemas its handler validates, converted once
 * (./schemas.ts) into named components. What the routes share is added here, once: each call's credentials,
 * who may call it and its sign-in errors from THE sign-in table (api.ts ACCESS), a body's 400/413/422, a query's
 * 422, the RFC 9457 Problem of every error, the headers every answer carries (X-Request-Id; ETag, If-None-Match
 * and 304 on JSON reads; Idempotency-Key and Idempotent-Replayed on creating POSTs; Retry-After and RateLimit on
 * 429s; Content-Disposition on files) and the outgoing webhooks' events (issue #40 items 7–9).
 */
import type { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { generateSpecs } from 'hono-openapi';
import type { z } from 'zod';
import { tokenRefusalOf } from '../auth/api-tokens.ts';
import { chainOf, MEMBER, MEMBER_EVEN_IF_EXPIRED, ORG_ADMIN, PUBLIC, SHARE_TOKEN, SIGNED_ADDRESS, SIGNED_IN, type AccessTable } from '../auth/access.ts';
import { describeContents } from './names.ts';
import { DESCRIPTIONS, OPERATION, SHARE_OPERATION, type Answer, type Operation, type ShareOperation } from './operation.ts';
import { ERROR_NAMES, HEADERS, PARAMETERS, PROBLEM, ref, sharedResponses, successHeaders } from './problems-and-headers.ts';
import { SchemaComponents } from './schemas.ts';
import { webhooksOf } from './webhooks-section.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;


/** Who may make a call, from its chain in the sign-in table: a sentence of each operation's description. */
function whoMayCall(access: AccessTable, method: string, path: string): string {
  const chain = chainOf(access, method.toUpperCase(), path) ?? MEMBER;
  const who =
    chain === PUBLIC
      ? 'anyone: no credentials'
      : chain === SIGNED_ADDRESS
        ? 'anyone holding the signed address (its `expires` and `signature` are the permission; no credentials)'
        : chain === SHARE_TOKEN
          ? 'a checklist share link’s token (`share_…`)'
          : chain === SIGNED_IN
            ? 'any signed-in caller, in no particular organisation'
            : chain === MEMBER_EVEN_IF_EXPIRED
              ? 'a member of the current organisation, even while its subscription is expired'
              : chain === MEMBER
                ? 'a member of the current organisation; on an item, as far as their permissions on it allow'
                : 'an org admin of the current organisation';
  const refused = chain !== PUBLIC && chain !== SIGNED_ADDRESS && chain !== SHARE_TOKEN && tokenRefusalOf(method.toUpperCase(), path) !== undefined;
  return `Who may call: ${who}${refused ? ' (with a session’s token only: a personal API token is refused, 403)' : ''}.`;
}

/** A signed-in caller's credentials: the session's token, or a personal API token (rb_pat_…) on the same header. */
const SIGNED_IN_SECURITY = [{ signedIn: [] }, { apiToken: [] }];

const DESCRIPTION = [
  'The API under `/api/v1`, described from the code: each call’s parameters, bodies and answers are the zod schemas the server validates with.',
  '',
  'Credentials (`Authorization: Bearer …`): the token of a signed-in session (`POST auth/access-token`), a personal API token (`rb_pat_…`, made in Account Settings), or a checklist share link’s token (`share_…`, only for the calls of a share link). Calls that act in an organisation act in the session’s current one (`POST auth/select-org`).',
  '',
  'Every error is an RFC 9457 problem (`application/problem+json`): `{"type", "title", "status", "detail"}`, `detail` in words for a person; a 422 also lists the refused fields in `errors`. Ids of another organisation’s objects answer 404.',
  '',
  'Every answer carries `X-Request-Id`. JSON reads carry an `ETag` (If-None-Match → 304). A creating `POST` (201) takes an `Idempotency-Key`. A 429 says when to try again in `Retry-After`. The events sent to an organisation’s webhooks are under Webhooks, signed as Standard Webhooks say.',
].join('\n');

/** The areas in the order a reader meets them, each with a sentence; every operation's tag is one of these. */
export const TAGS: [name: string, description: string][] = [
  ['Account', 'Registering, signing in and out, the caller’s own account, sessions, two-factor and invitations'],
  ['Organisations', 'Creating organisations and choosing the current one'],
  ['Users', 'The organisation’s members, for its admins: invite, create, change, remove'],
  ['Roles', 'Roles, which group members for permissions and assignments'],
  ['Folders', 'The documentation tree’s folders: create, read, list, rename, move and copy'],
  ['Documents', 'Presentations, checklists, result sheets and reports, their versions and drafts'],
  ['Permissions', 'Who may do what to a folder or document (ACLs), and why'],
  ['Trash', 'Deleted folders and documents, restored or gone for good'],
  ['Search', 'Finding folders and documents by their words'],
  ['Checklist data', 'Submissions of checklists (the rows) and their answers'],
  ['Share links', 'Links that let people without an account fill in a checklist'],
  ['Result sheets', 'Result sheets’ and reports’ joined rows, CSV and PDF'],
  ['QR labels', 'Sheets of QR code labels for a folder’s items'],
  ['Assignments', 'Folders and documents assigned to members, roles or the organisation'],
  ['Schedules', 'Recurring checks: a checklist due again and again, each occurrence an assignment'],
  ['Favourites and subscriptions', 'A member’s favourite items and the items they follow'],
  ['Notifications', 'The caller’s notifications, and their live stream'],
  ['Files', 'Signed uploads and the files of documents, answers and avatars'],
  ['Activity', 'The organisation’s activity log'],
  ['Settings', 'The organisation’s settings'],
  ['Billing', 'Plans, subscriptions and the payment provider’s webhook'],
  ['Webhooks', 'Endpoints that hear of the organisation’s events, their deliveries and tests'],
  ['Single sign-on', 'The organisation’s OpenID Connect provider (its admins only)'],
  ['API tokens', 'Personal API tokens (`rb_pat_…`)'],
  ['API', 'This API itself: its document and the build it runs'],
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

function parametersOf(components: SchemaComponents, schema: z.ZodType, where: 'query' | 'path'): { in: string; name: string }[] {
  const json = components.of(schema);
  const properties = (json.properties ?? {}) as Record<string, object>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ in: where, name, required: where === 'path' || required.has(name), schema: property }));
}

type Extra = Omit<Operation, 'summary' | 'description' | 'tag' | 'operationId'> & { errors: readonly number[] };
interface Response {
  description: string;
  headers?: Record<string, object>;
  content?: Record<string, { schema?: object }>;
}
interface OperationObject {
  responses: Record<string, Response | { $ref: string }>;
  parameters?: object[];
  requestBody?: object;
  security?: object[];
  [OPERATION]?: Extra;
  [SHARE_OPERATION]?: ShareOperation;
  description?: string;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], OperationObject>>>;
  components: Record<string, unknown>;
  [key: string]: unknown;
}

const isMedia = (answer: Answer): answer is { media: string; description?: string } =>
  answer !== null && typeof answer === 'object' && 'media' in answer && typeof answer.media === 'string';

/** A success's response: its words and its body's media type and schema. */
function responseOf(components: SchemaComponents, status: string, answer: Answer): Response {
  if (answer === null) return { description: DESCRIPTIONS[Number(status)] ?? 'OK' };
  if (isMedia(answer)) return { description: answer.description ?? DESCRIPTIONS[Number(status)] ?? 'OK', content: { [answer.media]: {} } };
  return { description: DESCRIPTIONS[Number(status)] ?? 'OK', content: { 'application/json': { schema: components.of(answer) } } };
}

/**
 * A share token's answers at a member's address (operation.ts shareOperation): the share credential beside the
 * member's, a sentence on what the token may do, its answers beside the member's (either may come) and its errors.
 */
function joinShare(components: SchemaComponents, op: OperationObject, share: ShareOperation, errors: Set<number>): void {
  op.security = [...(op.security ?? []), { shareToken: [] }];
  op.description = [op.description, `With a share token: ${share.description}`].filter(Boolean).join('\n\n');
  for (const [status, answer] of Object.entries(share.answers ?? {}) as [string, Answer][]) {
    const response = (op.responses[status] ?? { description: DESCRIPTIONS[Number(status)] ?? 'OK' }) as Response;
    if (answer !== null) {
      const [media, schema] = isMedia(answer) ? [answer.media, undefined] : ['application/json', components.of(answer)];
      const member = response.content?.[media]?.schema;
      const both = schema && member && JSON.stringify(schema) !== JSON.stringify(member) ? { anyOf: [member, schema] } : (schema ?? member);
      response.content = { ...response.content, [media]: both ? { schema: both } : {} };
    }
    op.responses[status] = response;
  }
  for (const status of share.errors ?? []) errors.add(status);
}


/** The document as hono-openapi generates it from the routes, with the API's words, areas and credentials. */
async function generatedDocument(api: Hono<AppEnv>): Promise<OpenApiDocument> {
  return (await generateSpecs(api, {
    documentation: {
      openapi: '3.1.0',
      info: { title: 'Ringbinder API', version: '1', description: DESCRIPTION },
      tags: TAGS.map(([name, description]) => ({ name, description })),
      servers: [{ url: '/api/v1' }],
      components: {
        securitySchemes: {
          signedIn: { type: 'http', scheme: 'bearer', description: 'The token of a signed-in session (POST auth/access-token)' },
          apiToken: { type: 'http', scheme: 'bearer', description: 'A personal API token (rb_pat_…), made in Account Settings: its user in its one organisation' },
          shareToken: { type: 'http', scheme: 'bearer', description: 'A checklist share link’s token (share_…)' },
        },
      },
    },
    // `/openapi.json` looks like a static file to hono-openapi, which leaves those out by default.
    excludeStaticFile: false,
  })) as unknown as OpenApiDocument;
}

/** A call's body (and its 400/413/422), path parameters, and query (and its 422), from the schemas it validates. */
function describeInputs(components: SchemaComponents, op: OperationObject, extra: Extra | undefined, errors: Set<number>): void {
  if (extra?.body) {
    const schema = components.of(extra.body);
    const media = extra.bodyMedia ?? ['application/json'];
    op.requestBody = { required: !extra.bodyOptional, content: Object.fromEntries(media.map((m) => [m, { schema }])) };
    for (const status of [400, 413, 422]) errors.add(status);
  }
  if (extra?.params) {
    const described = parametersOf(components, extra.params, 'path');
    const named = new Set(described.map((p) => p.name));
    op.parameters = [...(op.parameters ?? []).filter((p) => !named.has((p as { name: string }).name)), ...described];
  }
  if (extra?.query) {
    op.parameters = [...(op.parameters ?? []), ...parametersOf(components, extra.query, 'query')];
    errors.add(422);
  }
}

/** The headers a call takes and gives: X-Request-Id; a JSON read's ETag and 304; a creating POST's Idempotency-Key; a throttled call's quota. */
function describeHeaders(method: string, op: OperationObject, errors: Set<number>): void {
  const headerParameters: object[] = [ref('parameters', 'XRequestId')];
  const json200 = Object.keys((op.responses['200'] as Response | undefined)?.content ?? {}).includes('application/json');
  if (method === 'get' && json200) {
    // A JSON read carries an ETag and answers If-None-Match with 304 (http/etag.ts).
    headerParameters.push(ref('parameters', 'IfNoneMatch'));
    op.responses['304'] = ref('responses', 'NotModified');
  }
  if (method === 'post' && op.responses['201']) {
    // A creating POST honours Idempotency-Key: a malformed key 400, the key's first request still running 409,
    // the same key with another body 422.
    headerParameters.push(ref('parameters', 'IdempotencyKey'));
    for (const status of [400, 409, 422]) errors.add(status);
  }
  // A throttled call (one that may answer 429) tells its quota on every answer (h-http's rate-limit.ts).
  const throttled: Record<string, object> = errors.has(429) ? { 'RateLimit-Policy': ref('headers', 'RateLimitPolicy'), RateLimit: ref('headers', 'RateLimit') } : {};
  for (const [status, response] of Object.entries(op.responses)) {
    if ('$ref' in response) continue;
    response.headers = { ...successHeaders(method, status, response), ...throttled, ...response.headers };
  }
  op.parameters = [...(op.parameters ?? []), ...headerParameters];
}

/**
 * One operation completed from its route's `operation({...})`: its answers, who may call it and with what
 * credentials, a share token's answers, its inputs, headers and errors. Each error it may answer goes into `usedErrors`.
 */
function describeOperation(components: SchemaComponents, access: AccessTable, method: string, honoPath: string, op: OperationObject, usedErrors: Set<number>): void {
  const extra = op[OPERATION];
  delete op[OPERATION];
  op.responses = {};
  for (const [status, answer] of Object.entries(extra?.answers ?? {}) as [string, Answer][]) op.responses[status] = responseOf(components, status, answer);
  op.description = [op.description, whoMayCall(access, method, honoPath)].filter(Boolean).join('\n\n');
  const signIn = signInOf(access, method, honoPath);
  op.security = signIn.security;
  const errors = new Set<number>([...signIn.errors, ...(extra?.errors ?? [])]);
  const share = op[SHARE_OPERATION];
  delete op[SHARE_OPERATION];
  if (share) joinShare(components, op, share, errors);
  describeInputs(components, op, extra, errors);
  describeHeaders(method, op, errors);
  for (const status of [...errors].sort()) {
    op.responses[String(status)] = ref('responses', ERROR_NAMES[status]!);
    usedErrors.add(status);
  }
}

export async function openApiDocument(api: Hono<AppEnv>, access: AccessTable): Promise<OpenApiDocument> {
  const components = new SchemaComponents();
  describeContents(components);
  const usedErrors = new Set<number>();
  const document = await generatedDocument(api);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const honoPath = path.replace(/\{(\w+)\}/g, ':$1');
    for (const method of METHODS) {
      const op = item[method];
      if (op) describeOperation(components, access, method, honoPath, op, usedErrors);
    }
  }
  document.webhooks = webhooksOf(components);
  document.components = {
    ...document.components,
    schemas: { Problem: PROBLEM, ...components.schemas },
    responses: sharedResponses(usedErrors),
    parameters: PARAMETERS,
    headers: HEADERS,
  };
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
