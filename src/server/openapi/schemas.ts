/**
 * THE conversion of the API's zod schemas into the OpenAPI document's JSON Schemas (issue #40 item 8): one
 * converter for bodies, queries, parameters and answers alike (zod's own `z.toJSONSchema`, the input side,
 * JSON Schema 2020-12 as OpenAPI 3.1 takes it). A zod schema that carries an `id` (`.meta({ id })`, or THE names
 * of the shared models in ./names.ts) becomes a named component, `#/components/schemas/{id}`, referred to
 * wherever it is used, so generated clients get `Question`, `Folder`, `Submission` rather than
 * `PostDocumentationFolders201Response`.
 *
 * Some fields are `z.unknown()` in the schema a handler validates because the server judges them by another
 * field (a document's `contents` by its doctype): `describedAs` names the zod schema that describes such a
 * field, made from the very models the server checks it with.
 */
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

const COMPONENT = '#/components/schemas/';

/** The formats the document may use: JSON Schema 2020-12's and the OpenAPI Format Registry's. */
export const STANDARD_FORMATS = new Set([
  'date-time', 'date', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6', 'uri',
  'uri-reference', 'iri', 'iri-reference', 'uuid', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex',
  'int32', 'int64', 'float', 'double', 'byte', 'binary', 'password',
]);

/** References inside a converted schema point at its own `$defs`: make them point at the document's components. */
function pointAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointAtComponents);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/$defs/')) out[key] = COMPONENT + child.slice('#/$defs/'.length);
    // zod writes a format beside the pattern for checks JSON Schema has no format for (`startsWith` → starts_with).
    else if (key === 'format' && typeof child === 'string' && !STANDARD_FORMATS.has(child)) continue;
    else out[key] = pointAtComponents(child);
  }
  return out;
}

/** The components a document's schemas are put into, and the converter that fills them. */
export class SchemaComponents {
  /** `components.schemas` of the document. */
  readonly schemas: Record<string, JsonSchema> = {};
  readonly #describedAs = new Map<z.ZodType, () => z.ZodType>();

  /** Describe `field` (a `z.unknown()` the server judges by another field) by the JSON Schema of `description`. */
  describedAs(field: z.ZodType, description: () => z.ZodType): void {
    this.#describedAs.set(field, description);
  }

  /** Puts a named schema into the components; the same name for two different schemas is a mistake in the code. */
  add(name: string, schema: JsonSchema): void {
    const known = this.schemas[name];
    if (known && !isDeepStrictEqual(known, schema)) throw new Error(`Two different schemas are named ${name} in the OpenAPI document`);
    this.schemas[name] = schema;
  }

  /** The JSON Schema of a zod schema: a `$ref` for a named one, its named parts put into the components. */
  of(schema: z.ZodType): JsonSchema {
    const json = z.toJSONSchema(schema, {
      io: 'input',
      target: 'draft-2020-12',
      unrepresentable: 'any',
      override: (ctx) => {
        const description = this.#describedAs.get(ctx.zodSchema as unknown as z.ZodType);
        if (description) {
          const target = ctx.jsonSchema as JsonSchema;
          const replacement = this.of(description());
          for (const key of Object.keys(target)) delete target[key];
          Object.assign(target, replacement);
        }
        // A Date is written as an ISO 8601 string (JSON has no dates).
        if (ctx.zodSchema._zod.def.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
      },
    }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = json;
    for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      // zod names a recursive schema without an id `__schema0`: give it an id (a name of its own) instead.
      if (name.startsWith('__')) throw new Error(`A recursive schema needs an id for the OpenAPI document (${JSON.stringify(def).slice(0, 200)})`);
      this.add(name, pointAtComponents(def) as JsonSchema);
    }
    return pointAtComponents(rest) as JsonSchema;
  }
}
