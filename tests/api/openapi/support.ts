/**
 * Checks real answers against the OpenAPI document (issue #34): the document is generated from the API as the
 * server does (src/server/openapi/document.ts), and each answer must have its status listed for its operation and
 * a body valid (ajv, JSON Schema 2020-12 with formats) against the listed schema — stricter than the document:
 * an object with named properties may carry no others, so a field the schema forgot fails here.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { ACCESS, createApi } from '../../../src/server/api.ts';
import type { Deps } from '../../../src/server/env.ts';
import { openApiDocument, type OpenApiDocument } from '../../../src/server/openapi/document.ts';
import type { ApiClient, ApiResponse, RequestOptions } from '../support/http.ts';

type Method = 'get' | 'post' | 'put' | 'delete';
type Schema = Record<string, unknown>;

let documentOnce: Promise<OpenApiDocument> | undefined;
/** The document of the API (its routes and their descriptions need no database). */
export const apiDocument = () => (documentOnce ??= openApiDocument(createApi({ config: { bodyLimit: 1_000_000 } } as Deps), ACCESS));

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);

/** The schema with its component references put in place, and every object with named properties closed. */
function closed(schema: unknown, components: Record<string, Schema>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => closed(s, components));
  if (schema === null || typeof schema !== 'object') return schema;
  const s = schema as Schema;
  if (typeof s.$ref === 'string') return closed(components[s.$ref.replace('#/components/schemas/', '')], components);
  const copy = Object.fromEntries(Object.entries(s).map(([k, v]) => [k, closed(v, components)]));
  if (copy.type === 'object' && copy.properties && copy.additionalProperties === undefined) copy.additionalProperties = false;
  return copy;
}

/** Expects the answer's status listed for the operation, and its body valid against that status's schema. */
export async function expectConforms(method: Method, template: string, res: ApiResponse): Promise<void> {
  const document = await apiDocument();
  const op = document.paths[template]?.[method];
  expect(op, `${method.toUpperCase()} ${template} is described`).toBeDefined();
  const listed = op!.responses[String(res.status)] as { $ref?: string; content?: Record<string, { schema?: Schema }> } | undefined;
  // A shared answer (an error, the 304) is a reference to `components.responses`.
  const answer = (listed?.$ref ? (document.components as { responses: Record<string, unknown> }).responses[listed.$ref.split('/').pop()!] : listed) as
    | { content?: Record<string, { schema?: Schema }> }
    | undefined;
  expect(answer, `${method.toUpperCase()} ${template} lists ${res.status} (${res.text.slice(0, 200)})`).toBeDefined();
  const content = answer!.content;
  if (!content) {
    expect(res.text, `${method.toUpperCase()} ${template} ${res.status} has no body`).toBe('');
    return;
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  expect(Object.keys(content), `${method.toUpperCase()} ${template} ${res.status} answers ${type}`).toContain(type);
  const schema = content[type]!.schema;
  if (!schema) return;
  const components = ((document.components as { schemas?: Record<string, Schema> }).schemas ?? {}) as Record<string, Schema>;
  const validate = ajv.compile(closed(schema, components) as Schema);
  const valid = validate(res.body);
  expect(valid, `${method.toUpperCase()} ${template} ${res.status}: ${ajv.errorsText(validate.errors)}\n${res.text.slice(0, 500)}`).toBe(true);
}

/**
 * A caller that checks every answer: `call(client, 'get', '/documentation/folders/{id}', { id })` sends the request
 * (the template filled in, `query` appended) and expects the answer to conform; it returns the answer.
 */
export async function call(
  client: ApiClient,
  method: Method,
  template: string,
  params: Record<string, string> = {},
  options: RequestOptions & { query?: string } = {},
): Promise<ApiResponse> {
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!));
  const { query, ...rest } = options;
  const res = await client.request(method.toUpperCase(), `${path.slice(1)}${query ? `?${query}` : ''}`, rest);
  await expectConforms(method, template, res);
  return res;
}
