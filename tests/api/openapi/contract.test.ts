/**
 * The contract test (issue #34): the OpenAPI document (GET openapi.json) is valid (@apidevtools/swagger-parser),
 * and the real server keeps it. For every operation of the document, fast-check makes requests from the
 * document itself — good ones from its schemas (ids often of the organisation's own folder, checklist,
 * result sheet, submission, upload, role, member, invitation, share link), and bad ones (a wrong type, a
 * required field left out, an unknown id, no Accept for an event stream) — and sends them, signed in as
 * an org admin (a share token where the operation asks for one, nothing where it is public). Every answer
 * must be listed for its operation, with a body valid against the listed schema (ajv, JSON Schema 2020-12,
 * as OpenAPI 3.1; its objects closed: a field the schema forgot fails), and never a 5xx.
 *
 * Bounded: CONTRACT_RUNS good and CONTRACT_RUNS bad requests per operation (default 4 each); CONTRACT_TALLY=1
 * prints each request and its status (which operations a run reaches past their refusals).
 * Destructive calls: each operation has a login session of its own, so POST auth/logout and DELETE
 * auth/me/sessions/{id} end only theirs; the DELETE operations run last, so the data the others name is
 * still there while they run. Nothing is skipped.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS, createApi } from '../../../src/server/api.ts';
import { openLoginSession } from '../../../src/server/auth/login-sessions.ts';
import { openApiDocument, type OpenApiDocument } from '../../../src/server/openapi/document.ts';
import {
  assign,
  invite,
  makeChecklist,
  makeDocument,
  makeFolder,
  makeShareLink,
  makeTeam,
  missingId,
  question,
  uploadFile,
  type Team,
} from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';
import { badValue, goodValue, type Pools, type Schema } from './schema-values.ts';

const server = useTestServer();
const RUNS = Number(process.env.CONTRACT_RUNS ?? 4);

// The document as the code makes it (the test names its operations before the server starts); the
// server's own answer is checked to be the same.
const made = await openApiDocument(createApi({ config: { bodyLimit: 1 } } as never), ACCESS);

interface Operation {
  method: string;
  path: string;
  // The document's operation object, as JSON.
  op: Schema;
}

const operations: Operation[] = Object.entries(made.paths)
  .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op: op as Schema })))
  // The deletions last: the others still find what they name.
  .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

let team: Team;
let pools: Pools;
/** The ids a path parameter names, by its name or the path's segment before it (`roles/{id}` → roles). */
let idsByName: Record<string, string[]>;
let shareToken: string;

beforeAll(async () => {
  team = await makeTeam(server, { rootAsMade: true });
  const admin = team.admin;
  const folder = await makeFolder(admin);
  // Nothing required: a generated submission (`{record: {}}`) is taken.
  const checklist = await makeChecklist(admin, { q: question('true/false', { required: false }) }, folder.id);
  const upload = await uploadFile(server, admin, checklist.id);
  const row = await admin.api.post(`documentation/documents/${checklist.id}/data`, { record: { q: { value: true } } });
  expect(row.status, row.text).toBe(201);
  const sheet = await makeDocument(admin, folder.id, 'sheet', 'Contract sheet', {
    questions: { q: { ...question('true/false'), form_id: checklist.id } },
    question_index: ['q'],
    form_links: { q: null },
    form_ids: [checklist.id],
  });
  const link = await makeShareLink(admin, checklist.id);
  shareToken = link.token as string;
  const invitation = await invite(server, admin, 'contract-invitee@example.com');
  // To the whole organisation: the admin may claim, give back and complete it.
  const assignment = await assign(admin, 'document', checklist.id, { type: 'org', id: team.org.id });
  const spareSession = await openLoginSession(server.db, server.deps, admin.id, { ip: '127.0.0.1', userAgent: 'contract' }, team.org.id);
  const sessions = await admin.api.get('auth/me/sessions');
  const sessionIds = (sessions.body.results as { id: string }[]).map((s) => s.id);
  const userIds = [team.member.id, team.roleMember.id, admin.id];
  idsByName = {
    roles: [team.role.id],
    users: userIds,
    userId: userIds,
    'org-invites': [invitation.id],
    invite: [invitation.id],
    documents: [checklist.id, sheet.id],
    documentId: [checklist.id],
    folders: [folder.id, 'root'],
    uploadId: [upload],
    documentdata: [row.body.id],
    assignments: [assignment.id],
    sessions: sessionIds,
    linkId: [link.id],
  };
  pools = {
    ids: [
      team.org.id,
      team.role.id,
      team.member.id,
      team.roleMember.id,
      admin.id,
      folder.id,
      checklist.id,
      sheet.id,
      upload,
      row.body.id,
      link.id,
      invitation.id,
      assignment.id,
      ...sessionIds,
      missingId(),
    ],
  };
  void spareSession;
}, 120_000);

// ─── The document ─────────────────────────────────────────────────────────────────────────────────────

describe('the OpenAPI document', () => {
  it('is served at GET openapi.json, without sign-in, as the code makes it', async () => {
    const res = await server.client().get('openapi.json');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(made)));
  });

  it('is a valid OpenAPI 3.1 document (@apidevtools/swagger-parser)', async () => {
    const checked = await SwaggerParser.validate(structuredClone(made) as never);
    expect((checked as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('names the three kinds of credential', () => {
    expect(Object.keys(made.components.securitySchemes as object).sort()).toEqual(['apiToken', 'shareToken', 'signedIn']);
  });
});

// ─── Checking an answer ───────────────────────────────────────────────────────────────────────────────

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

/** The schema with the document's `#/components/…` references written out. */
function resolved(schema: Schema, document: OpenApiDocument, depth = 0): Schema {
  if (depth > 30 || schema === null || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((s) => resolved(s, document, depth + 1));
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) {
    const target = schema.$ref
      .slice(2)
      .split('/')
      .reduce((at: Schema, key: string) => at?.[key], document);
    return resolved(target, document, depth + 1);
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, resolved(value, document, depth + 1)]));
}

/** Stricter than the document: an object with named properties carries no others, so a field its schema forgot fails. */
function closed(schema: Schema): Schema {
  if (Array.isArray(schema)) return schema.map(closed);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]));
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

const validators = new Map<string, ValidateFunction>();
function validatorOf(key: string, schema: Schema): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    const { $schema: _dialect, ...rest } = closed(resolved(schema, made));
    validate = ajv.compile(rest);
    validators.set(key, validate);
  }
  return validate;
}

interface Answer {
  status: number;
  type: string;
  text: string;
}

function checkAnswer(operation: Operation, answer: Answer, what: string) {
  expect(answer.status, `${what}: a 5xx`).toBeLessThan(500);
  const responses = operation.op.responses as Record<string, Schema>;
  const listed = responses[String(answer.status)] ?? responses.default;
  expect(listed, `${what}: ${answer.status} is not listed (${Object.keys(responses).join(', ')})`).toBeDefined();
  const content = resolved(listed, made).content as Record<string, Schema> | undefined;
  if (!content) {
    if (answer.status === 204) expect(answer.text, `${what}: a 204 with a body`).toBe('');
    return;
  }
  const media = answer.type.split(';')[0]!.trim().toLowerCase();
  const entry = content[media] ?? content['*/*'];
  expect(entry, `${what}: answered ${media}, listed ${Object.keys(content).join(', ')}`).toBeDefined();
  if ((media !== 'application/json' && media !== 'application/problem+json') || !entry.schema) return;
  const validate = validatorOf(`${operation.method} ${operation.path} ${answer.status} ${media}`, entry.schema);
  const body = JSON.parse(answer.text) as unknown;
  expect(validate(body), `${what}: the body breaks the schema: ${ajv.errorsText(validate.errors)}`).toBe(true);
}

// ─── Making a request ─────────────────────────────────────────────────────────────────────────────────

interface Request {
  /** A bad request's credentials: a token no one was given. */
  forged?: boolean;
  path: string;
  query: [string, string][];
  body?: { type: string; value: unknown };
  accept?: string;
}

const parametersOf = (operation: Operation, where: 'path' | 'query') =>
  ((operation.op.parameters ?? []) as Schema[]).map((p) => resolved(p, made)).filter((p) => p.in === where);

/** A path parameter: its schema's words, a version number, or one of the organisation's ids (an unknown one sometimes). */
function pathValue(path: string, parameter: Schema, bad: boolean): fc.Arbitrary<string> {
  if (bad) return fc.oneof(fc.uuid({ version: 7 }), fc.constantFrom('x', '0', 'not-a-kind'));
  if (Array.isArray(parameter.schema?.enum)) return fc.constantFrom(...(parameter.schema.enum as string[]));
  if (parameter.name === 'version') return fc.constantFrom('1', '2');
  if (parameter.name === 'kind') return fc.constantFrom('folders', 'documents', 'document', 'folder');
  // The nearest word before it: `assignments/{kind}/{id}` → assignments.
  const segments = path.split('/');
  const before = segments.slice(0, segments.indexOf(`{${parameter.name}}`)).reverse().find((s) => !s.startsWith('{')) ?? '';
  const fitting = idsByName[parameter.name] ?? idsByName[before];
  return fitting ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fitting) }, fc.constantFrom(...pools.ids)) : fc.constantFrom(...pools.ids);
}

/** A query value as a URL carries it: arrays repeated, everything else as text. */
const queryPairs = (name: string, value: unknown): [string, string][] =>
  value === undefined ? [] : Array.isArray(value) ? value.map((v) => [name, String(v)]) : [[name, typeof value === 'object' ? JSON.stringify(value) : String(value)]];

/** A request for the operation, good or bad; undefined when nothing of it can be broken (a public call without parameters). */
function requestOf(operation: Operation, bad: boolean): fc.Arbitrary<Request | undefined> {
  const pathParameters = parametersOf(operation, 'path');
  const queryParameters = parametersOf(operation, 'query');
  const requestBody = resolved(operation.op.requestBody, made) as Schema | undefined;
  const media = Object.keys(requestBody?.content ?? {});
  const bodySchema = media.length > 0 ? requestBody.content[media[0]!].schema : undefined;
  const success = Object.entries(operation.op.responses as Record<string, Schema>).find(([status]) => status.startsWith('2'))?.[1];
  const accept = Object.keys(success?.content ?? {})[0];
  const breakable = {
    path: pathParameters.length > 0,
    query: queryParameters.length > 0,
    body: bodySchema !== undefined,
    accept: accept === 'text/event-stream',
    credentials: ((operation.op.security ?? []) as object[]).length > 0,
  };
  const parts = (Object.keys(breakable) as (keyof typeof breakable)[]).filter((p) => breakable[p]);
  // What goes wrong in a bad request: the path, the query, the body, the Accept or the credentials.
  if (bad && parts.length === 0) return fc.constant(undefined);
  return (bad ? fc.constantFrom(...parts) : fc.constant(undefined)).chain((broken) =>
    fc.record({
      forged: fc.constant(broken === 'credentials'),
      path: fc
        .tuple(...pathParameters.map((p) => pathValue(operation.path, p, broken === 'path').map((value) => [p.name as string, value] as const)))
        .map((values) => values.reduce((path, [name, value]) => path.replace(`{${name}}`, encodeURIComponent(value)), operation.path)),
      query: fc
        .tuple(
          ...queryParameters.map((p) =>
            (broken === 'query' ? badValue(p.schema, pools) : p.required ? goodValue(p.schema, pools) : fc.option(goodValue(p.schema, pools), { nil: undefined })).map(
              (value) => queryPairs(p.name as string, value),
            ),
          ),
        )
        .map((pairs) => pairs.flat()),
      body: bodySchema
        ? (broken === 'body' ? badValue(bodySchema, pools) : goodValue(bodySchema, pools)).map((value) => ({ type: media[0]!, value }))
        : fc.constant(undefined),
      accept: fc.constant(broken === 'accept' ? undefined : accept),
    }),
  );
}

/** The credentials the operation names first: a login session of its own, the share token, or none. */
async function credentialsOf(operation: Operation): Promise<string | undefined> {
  const security = (operation.op.security ?? []) as Record<string, unknown>[];
  const scheme = Object.keys(security[0] ?? {})[0];
  if (scheme === 'shareToken') return shareToken;
  if (scheme === 'signedIn' || scheme === 'apiToken') {
    return openLoginSession(server.db, server.deps, team.admin.id, { ip: '127.0.0.1', userAgent: 'contract' }, team.org.id);
  }
  return undefined;
}

function encoded(body: { type: string; value: unknown }): string {
  if (body.type === 'application/x-www-form-urlencoded') {
    const fields = typeof body.value === 'object' && body.value !== null && !Array.isArray(body.value) ? body.value : { value: body.value };
    return new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString();
  }
  return JSON.stringify(body.value) ?? 'null';
}

async function send(operation: Operation, request: Request, token: string | undefined): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${request.forged ? 'rb_pat_forged0000000000000000000000000000' : token}`;
  if (request.accept) headers.accept = request.accept;
  let body: string | undefined;
  if (request.body && request.body.type !== 'multipart/form-data') {
    headers['content-type'] = request.body.type;
    body = encoded(request.body);
  }
  const query = new URLSearchParams(request.query).toString();
  const url = `${server.apiUrl}${request.path}${query ? `?${query}` : ''}`;
  const res = await fetch(url, { method: operation.method, headers, body: body ?? null, redirect: 'manual' });
  const type = res.headers.get('content-type') ?? '';
  // An event stream does not end: its headers are the answer.
  if (type.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, type, text: '' };
  }
  return { status: res.status, type, text: await res.text() };
}

// ─── The property ─────────────────────────────────────────────────────────────────────────────────────

describe('every operation of the document, against the real server', () => {
  it('has operations to check', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it.each(operations.map((o) => [`${o.method} ${o.path}`, o] as const))('%s answers as the document says', async (_name, operation) => {
    const token = await credentialsOf(operation);
    for (const bad of [false, true]) {
      await fc.assert(
        fc.asyncProperty(requestOf(operation, bad), async (request) => {
          if (!request) return;
          const answer = await send(operation, request, token);
          const what: string = `${bad ? 'bad' : 'good'} ${operation.method} ${request.path}?${new URLSearchParams(request.query)} ${request.body ? encoded(request.body).slice(0, 200) : ''} → ${answer.status} ${answer.text.slice(0, 300)}`;
          if (process.env.CONTRACT_TALLY) console.log(`TALLY ${operation.method} ${operation.path} ${bad ? 'bad' : 'good'} ${answer.status} ${what}`);
          checkAnswer(operation, answer, what);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    }
  });
});
