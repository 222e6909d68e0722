/**
 * What generated clients and integrators' tools read in the OpenAPI document (issue #40 items 7–9): unique
 * operation ids, standard formats only, the product's payloads as named components made from the very zod models
 * the server validates with (a document's contents by doctype), the headers every answer carries and the requests
 * may send (the contracts of the other #40 branches), RFC 9457 problems, and the outgoing webhooks' events.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOCTYPES, emptyContents } from '../../../src/shared/api/documentation.ts';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT } from '../../../src/shared/api/webhooks.ts';
import { VALUE_TYPES, WIDGETS } from '../../../src/shared/checklists/value-types.ts';
import { webhookPayload } from '../../../src/server/services/webhooks/events.ts';
import type { OpenApiDocument } from '../../../src/server/openapi/document.ts';
import { STANDARD_FORMATS } from '../../../src/server/openapi/schemas.ts';
import { apiDocument } from './support.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let document: OpenApiDocument;
let operations: { name: string; method: string; op: Json }[] = [];

beforeAll(async () => {
  document = await apiDocument();
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, method, op: op as Json })),
  );
});

/** A `#/components/…` reference put in place (one level). */
const deref = (value: Json): Json => {
  if (typeof value?.$ref !== 'string') return value;
  return value.$ref
    .slice(2)
    .split('/')
    .reduce((at: Json, key: string) => at[key], document as Json);
};

/** Every value under `root`, with its key. */
function* walk(value: unknown, key = ''): Generator<[string, unknown]> {
  yield [key, value];
  if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* walk(v, k);
}

const schemas = () => (document.components as Json).schemas as Json;

describe('operation ids', () => {
  it('are unique, webhooks too (POST users and POST users/ differ only by the slash)', () => {
    const webhooks = Object.values((document.webhooks ?? {}) as Json).flatMap((item) => Object.values(item as Json));
    const ids = [...operations.map((o) => o.op.operationId), ...webhooks.map((op) => (op as Json).operationId)];
    expect(ids.every((id) => typeof id === 'string' && id !== '')).toBe(true);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect((document.paths['/users/']?.post as Json | undefined)?.operationId).toBe('createUser');
  });
});

describe('schemas', () => {
  it('use only standard formats (no starts_with: a pattern says it)', () => {
    const formats = [...walk(document)].filter(([key, value]) => key === 'format' && typeof value === 'string').map(([, value]) => value as string);
    expect(formats.length).toBeGreaterThan(10);
    expect([...new Set(formats)].filter((f) => !STANDARD_FORMATS.has(f))).toEqual([]);
    expect(schemas().CreatedApiToken.properties.token.pattern).toBe('^rb_pat_');
  });

  it('name the product’s payloads and the answers', () => {
    for (const name of [
      'Question',
      'ChecklistContents',
      'SheetQuestion',
      'SheetContents',
      'PresentationContents',
      'PresentationPage',
      'Shape',
      'AnswerInput',
      'Document',
      'ChecklistDocument',
      'PresentationDocument',
      'SheetDocument',
      'Folder',
      'Item',
      'Submission',
      'SheetRow',
      'Member',
      'Role',
      'ShareLink',
      'WebhookEndpoint',
      'Assignment',
      'Notification',
      'ItemList',
      'Problem',
    ]) {
      expect(schemas(), name).toHaveProperty(name);
    }
  });

  it('describe a question from the checklist model: its value types and widgets', () => {
    const question = schemas().Question;
    expect(question.properties.valueType.enum).toEqual([...VALUE_TYPES]);
    expect(question.properties.widget.enum).toEqual([...WIDGETS]);
    expect(question.description).toMatch(/`multiple choice`: `checkboxes` or `radio buttons`/);
  });

  it('tell a document’s contents apart by its doctype, and take each doctype’s empty contents', () => {
    const documentSchema = schemas().Document;
    expect(documentSchema.discriminator.propertyName).toBe('doctype');
    expect(documentSchema.oneOf.map((s: Json) => s.$ref).sort()).toEqual(
      ['#/components/schemas/ChecklistDocument', '#/components/schemas/PresentationDocument', '#/components/schemas/SheetDocument'].sort(),
    );
    expect(schemas().ChecklistDocument.properties.contents).toEqual({ $ref: '#/components/schemas/ChecklistContents' });
    expect(schemas().SheetDocument.properties.doctype.enum).toEqual(['sheet', 'report']);
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'doc', components: document.components } as never);
    const contentsOf: Record<string, string> = { form: 'ChecklistContents', presentation: 'PresentationContents', sheet: 'SheetContents', report: 'SheetContents' };
    for (const doctype of DOCTYPES) {
      const validate = ajv.compile({ $ref: `doc#/components/schemas/${contentsOf[doctype]}` });
      expect(validate(emptyContents(doctype)), `${doctype}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    // A checklist's contents are not a presentation's.
    expect(ajv.compile({ $ref: 'doc#/components/schemas/PresentationContents' })(emptyContents('form'))).toBe(false);
  });

  it('describe the contents a body carries by the doctypes’ models, and answer documents as Document', () => {
    const body = document.paths['/documentation/documents']!.post!.requestBody as Json;
    const contents = body.content['application/json'].schema.properties.contents;
    expect(contents.anyOf.map((s: Json) => s.$ref).sort()).toEqual(
      ['#/components/schemas/ChecklistContents', '#/components/schemas/PresentationContents', '#/components/schemas/SheetContents'].sort(),
    );
    const changed = document.paths['/documentation/documents/{id}']!.put!.responses['200'] as Json;
    expect(changed.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Document' });
    // A share token reads the checklist at the same address.
    const read = document.paths['/documentation/documents/{id}']!.get!.responses['200'] as Json;
    expect(read.content['application/json'].schema.anyOf).toEqual([{ $ref: '#/components/schemas/Document' }, { $ref: '#/components/schemas/SharedChecklist' }]);
  });
});

describe('headers and errors', () => {
  it('every answer carries X-Request-Id, and every call may send it', () => {
    for (const { name, op } of operations) {
      for (const [status, response] of Object.entries(op.responses as Json)) {
        expect(deref(response).headers?.['X-Request-Id'], `${name} ${status}`).toEqual({ $ref: '#/components/headers/XRequestId' });
      }
      expect(op.parameters, name).toContainEqual({ $ref: '#/components/parameters/XRequestId' });
    }
  });

  it('a JSON read has its ETag, takes If-None-Match and may answer 304', () => {
    const reads = operations.filter(({ method, op }) => method === 'get' && op.responses['200']?.content?.['application/json']);
    expect(reads.length).toBeGreaterThan(30);
    for (const { name, op } of reads) {
      expect(op.responses['200'].headers.ETag, name).toEqual({ $ref: '#/components/headers/ETag' });
      expect(op.parameters, name).toContainEqual({ $ref: '#/components/parameters/IfNoneMatch' });
      expect(op.responses['304'], name).toEqual({ $ref: '#/components/responses/NotModified' });
    }
    expect(document.paths['/openapi.json']!.get!.responses['304']).toBeDefined();
  });

  it('a creating POST takes Idempotency-Key, says Idempotent-Replayed, and may answer 400, 409 and 422', () => {
    const creating = operations.filter(({ method, op }) => method === 'post' && op.responses['201']);
    expect(creating.length).toBeGreaterThan(10);
    for (const { name, op } of creating) {
      expect(op.parameters, name).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
      expect(op.responses['201'].headers['Idempotent-Replayed'], name).toEqual({ $ref: '#/components/headers/IdempotentReplayed' });
      for (const status of ['400', '409', '422']) expect(op.responses[status], `${name} ${status}`).toBeDefined();
    }
  });

  it('every error is an RFC 9457 problem (a 416 has no body), a 429 says Retry-After and RateLimit', () => {
    const problem = schemas().Problem;
    expect(problem.required).toEqual(['type', 'title', 'status', 'detail']);
    expect(problem.properties.type.format).toBe('uri-reference');
    let errors = 0;
    for (const { name, op } of operations) {
      for (const [status, listed] of Object.entries(op.responses as Json)) {
        if (Number(status) < 400) continue;
        errors += 1;
        const response = deref(listed);
        if (status === '416') {
          expect(response.content, name).toBeUndefined();
          continue;
        }
        expect(response.content, `${name} ${status}`).toEqual({ 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } });
      }
    }
    expect(errors).toBeGreaterThan(300);
    const tooMany = (document.components as Json).responses.TooManyRequests;
    expect(Object.keys(tooMany.headers)).toEqual(expect.arrayContaining(['Retry-After', 'RateLimit-Policy', 'RateLimit']));
    // A throttled call tells its quota when it lets the request through too.
    const signIn = document.paths['/auth/access-token']!.post!.responses['200'] as Json;
    expect(Object.keys(signIn.headers)).toEqual(expect.arrayContaining(['RateLimit-Policy', 'RateLimit']));
  });

  it('a file answer says Content-Disposition', () => {
    const files = ['/documentation/documents/{id}/export.csv', '/documentation/documents/documentdata/{id}/export.pdf', '/documentation/folders/{id}/qr-sheet.pdf'];
    for (const path of files) expect((document.paths[path]?.get?.responses['200'] as Json | undefined)?.headers['Content-Disposition'], path).toBeDefined();
  });
});

describe('webhooks (OAS 3.1)', () => {
  it('describe every event type, signed with the Standard Webhooks headers', () => {
    const webhooks = document.webhooks as Json;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT].sort());
    for (const [type, item] of Object.entries(webhooks)) {
      const names = (item.post.parameters as Json[]).map((p) => `${p.in} ${p.name}`);
      expect(names, type).toEqual(['header webhook-id', 'header webhook-timestamp', 'header webhook-signature']);
    }
  });

  it('take the bodies events.ts builds', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'doc', components: document.components } as never);
    const id = '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const contexts: Record<string, Record<string, unknown>> = {
      'checklist.submitted': { sheet_id: id, sheet_name: 'Daily check', submission_id: id, version: 3, validation_errors: 0, folder_id: id, folder_name: 'Line 2' },
      'checklist.validation_failed': { sheet_id: id, sheet_name: 'Daily check', submission_id: id, version: 3, validation_errors: 2, folder_id: id, folder_name: 'Line 2' },
      'document.published': { name: 'Daily check', doctype: 'form', folder_id: id, folder_name: 'Line 2' },
      'assignment.created': { name: 'Daily check', assignment_id: id, assigned_to: { type: 'org', id }, notes: '' },
      'assignment.claimed': { assignment_id: id, kind: 'document', assigned_to: { type: 'org', id }, notes: null, username: 'ann' },
      'assignment.completed': { assignment_id: id, kind: 'document', assigned_to: { type: 'org', id }, notes: null, username: 'ann' },
      'assignment.due': { assignment_id: id, kind: 'document', assigned_to: { type: 'role', id }, notes: '', schedule_id: id, opens_at: '2026-12-07T05:00:00.000Z', due_at: '2026-12-07T06:00:00.000Z' },
      'occurrence.missed': { assignment_id: id, kind: 'document', assigned_to: { type: 'role', id }, schedule_id: id, opens_at: '2026-12-07T05:00:00.000Z', due_at: '2026-12-07T06:00:00.000Z' },
      'member.joined': { user_id: id, username: 'ann', roles: [] },
      'member.left': { user_id: id, username: 'ann', roles: [{ id, name: 'Inspectors' }] },
    };
    for (const type of WEBHOOK_EVENT_TYPES) {
      const payload = webhookPayload(type, { id, type: 'DataSubmitted', orgId: id, actorId: id, at: new Date(), documentId: id, folderId: id, context: contexts[type]! });
      const schema = ((document.webhooks as Json)[type].post.requestBody.content['application/json'].schema as Json).$ref as string;
      const validate = ajv.compile({ $ref: `doc${schema}` });
      expect(validate(payload), `${type}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      // Another event's type is not this one's.
      expect(validate({ ...payload, type: 'not.an.event' })).toBe(false);
    }
  });
});
