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
import { WEBHOOK_EVENTS } from './answers/webhook-events.ts';
import { describeContents } from './names.ts';
import { DESCRIPTIONS, OPERATION, SHARE_OPERATION, type Answer, type Operation, type ShareOperation } from './operation.ts';
import { SchemaComponents } from './schemas.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Every error's body (errors.ts HttpError, http/error-handler.ts): an RFC 9457 problem. */
const PROBLEM = {
  type: 'object',
  description: 'An error (RFC 9457 problem details), as `application/problem+json`',
  required: ['type', 'title', 'status', 'detail'],
  properties: {
    type: { type: 'string', format: 'uri-reference', description: 'A stable URI naming the kind of problem: branch on it (it need not resolve)' },
    title: { type: 'string', description: 'The type’s short summary, always the same for a type' },
    status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status' },
    detail: { type: 'string', description: 'What went wrong, in words for a person' },
    errors: {
      type: 'array',
      description: 'A 422: each refused field',
      items: { type: 'object', required: ['field', 'message'], properties: { field: { type: 'string' }, message: { type: 'string' } } },
    },
  },
} as const;

/** The media type of every error's body (RFC 9457). */
export const PROBLEM_MEDIA = 'application/problem+json';

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

/** The name of each error's response in `components.responses`. */
const ERROR_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  402: 'PaymentRequired',
  403: 'Forbidden',
  404: 'NotFound',
  406: 'NotAcceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'ContentTooLarge',
  416: 'RangeNotSatisfiable',
  422: 'UnprocessableContent',
  429: 'TooManyRequests',
  503: 'ServiceUnavailable',
};

const header = (description: string, schema: object = { type: 'string' }) => ({ description, schema });
const ref = (kind: 'headers' | 'parameters' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The headers answers carry (the contracts of issue #40: h-http, h-idempotency). */
const HEADERS = {
  XRequestId: header('The request’s id, for the logs: the request’s own `X-Request-Id` when it sent a sane one, else a new one'),
  ETag: header('The answer’s entity tag: name it in If-None-Match to be answered 304 while it has not changed'),
  RetryAfter: header('Seconds to wait before trying again', { type: 'integer', minimum: 0 }),
  RateLimitPolicy: header('The throttle’s policy (IETF draft “RateLimit header fields for HTTP”), on the throttled calls'),
  RateLimit: header('What is left of the throttle’s quota and when it resets (IETF draft), on the throttled calls'),
  IdempotentReplayed: header('`true` when this is the first answer to the same Idempotency-Key and body, answered again', { type: 'string', enum: ['true'] }),
  ContentDisposition: header('`attachment` (a download) or `inline`, with the file’s name'),
  ContentRange: header('The range sent and the file’s size (`bytes 0-99/1234`; a 416: `bytes */1234`)'),
};

const PARAMETERS = {
  XRequestId: {
    in: 'header',
    name: 'X-Request-Id',
    required: false,
    description: 'An id of the caller’s own for this request, answered back and logged; one that does not match the pattern is replaced by a new one',
    schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
  },
  IfNoneMatch: {
    in: 'header',
    name: 'If-None-Match',
    required: false,
    description: 'The ETag of the answer the caller has: 304 without a body while it has not changed',
    schema: { type: 'string' },
  },
  IdempotencyKey: {
    in: 'header',
    name: 'Idempotency-Key',
    required: false,
    description: 'A key of the caller’s own (e.g. a UUID) that makes a retry safe: the same key with the same body answers the first answer again (`Idempotent-Replayed: true`) without creating anything; the same key with another body answers 422; while the first request with it is still running, 409 with Retry-After; a malformed key 400',
    schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
  },
};

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
  ['Favourites and subscriptions', 'A member’s favourite items and the items they follow'],
  ['Notifications', 'The caller’s notifications, and their live stream'],
  ['Files', 'Signed uploads and the files of documents, answers and avatars'],
  ['Activity', 'The organisation’s activity log'],
  ['Settings', 'The organisation’s settings'],
  ['Billing', 'Plans, subscriptions and the payment provider’s webhook'],
  ['Webhooks', 'Endpoints that hear of the organisation’s events, their deliveries and tests'],
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

/** The headers of a success's answer (the contracts of issue #40). */
function successHeaders(method: string, status: string, response: Response): Record<string, object> {
  const headers: Record<string, object> = { 'X-Request-Id': ref('headers', 'XRequestId') };
  const media = Object.keys(response.content ?? {});
  if (method === 'get' && (status === '200' || status === '304') && (media.includes('application/json') || status === '304')) headers.ETag = ref('headers', 'ETag');
  if (method === 'post' && status === '201') headers['Idempotent-Replayed'] = ref('headers', 'IdempotentReplayed');
  // A file: anything but JSON and an event stream is sent with its name.
  if (media.some((m) => m !== 'application/json' && m !== 'text/event-stream')) headers['Content-Disposition'] = ref('headers', 'ContentDisposition');
  if (status === '206') headers['Content-Range'] = ref('headers', 'ContentRange');
  return headers;
}

/** `components.responses`: every error a call answers, once (a Problem, or no body for a 416), and the 304. */
function sharedResponses(used: Set<number>): Record<string, object> {
  const responses: Record<string, object> = {};
  for (const [status, name] of Object.entries(ERROR_NAMES)) {
    if (!used.has(Number(status))) continue;
    const headers: Record<string, object> = { 'X-Request-Id': ref('headers', 'XRequestId') };
    if (status === '429') Object.assign(headers, { 'Retry-After': ref('headers', 'RetryAfter'), 'RateLimit-Policy': ref('headers', 'RateLimitPolicy'), RateLimit: ref('headers', 'RateLimit') });
    if (status === '416') headers['Content-Range'] = ref('headers', 'ContentRange');
    // An Idempotency-Key whose first request is still running: try again after a while.
    if (status === '409') headers['Retry-After'] = ref('headers', 'RetryAfter');
    responses[name] = {
      description: ERROR_WORDS[Number(status)] ?? 'Error',
      headers,
      // A 416 has no body (routes/uploads.ts sendFile); every other error is a Problem.
      ...(status === '416' ? {} : { content: { [PROBLEM_MEDIA]: { schema: { $ref: '#/components/schemas/Problem' } } } }),
    };
  }
  responses.NotModified = { description: DESCRIPTIONS[304], headers: { 'X-Request-Id': ref('headers', 'XRequestId'), ETag: ref('headers', 'ETag') } };
  return responses;
}

/** The top-level `webhooks` (OAS 3.1): what the organisation's endpoints are sent, one entry per event type. */
function webhooksOf(components: SchemaComponents): Record<string, object> {
  const signature = [
    { in: 'header', name: 'webhook-id', required: true, description: 'The delivery’s id (a re-send and every retry keep it: drop repeats)', schema: { type: 'string' } },
    { in: 'header', name: 'webhook-timestamp', required: true, description: 'Seconds since the epoch when the attempt was made', schema: { type: 'string', pattern: '^[0-9]+$' } },
    {
      in: 'header',
      name: 'webhook-signature',
      required: true,
      description: '`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` with the endpoint’s secret (`whsec_…`): verify with any Standard Webhooks library',
      schema: { type: 'string', pattern: '^v1,' },
    },
  ];
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [
      event.type,
      {
        post: {
          operationId: `webhook_${event.type.replace(/\W/g, '_')}`,
          summary: event.type,
          description: `${event.summary}. Sent to each enabled endpoint of the organisation that chose it, signed as Standard Webhooks say (docs/webhooks.md); any 2xx is taken, anything else is retried for a day.`,
          tags: ['Webhooks'],
          // The receiver checks the signature headers (below), not a credential of ours.
          security: [],
          parameters: signature,
          requestBody: { required: true, content: { 'application/json': { schema: components.of(event.payload) } } },
          responses: {
            '200': { description: 'Received (any 2xx)' },
            '400': { description: 'Refused: the delivery is retried for a day, then given up' },
          },
        },
      },
    ]),
  );
}

export async function openApiDocument(api: Hono<AppEnv>, access: AccessTable): Promise<OpenApiDocument> {
  const components = new SchemaComponents();
  describeContents(components);
  const usedErrors = new Set<number>();
  const document = (await generateSpecs(api, {
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
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const honoPath = path.replace(/\{(\w+)\}/g, ':$1');
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
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
      const headerParameters: object[] = [ref('parameters', 'XRequestId')];
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
      for (const status of [...errors].sort()) {
        op.responses[String(status)] = ref('responses', ERROR_NAMES[status]!);
        usedErrors.add(status);
      }
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
