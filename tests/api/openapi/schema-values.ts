/**
 * Values from the OpenAPI document's JSON Schemas (2020-12), for the contract test: `goodValue` follows a
 * schema (its types, enums, bounds, formats and patterns; an id is often one of the organisation's real
 * ones), `badValue` breaks it (a wrong type, a required field left out, an unknown id). Only what the
 * document's schemas use is understood; anything else is any small value.
 */
import fc from 'fast-check';

// The document's schemas are plain JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Schema = any;

/** The ids a good value may name: this organisation's own (folders, documents, users, roles, …). */
export interface Pools {
  ids: readonly string[];
}

const anything = fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -5, max: 1000 }), fc.boolean(), fc.constant(null));

const LONGEST_STRING = 24;

function stringOf(schema: Schema, pools: Pools): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? LONGEST_STRING, LONGEST_STRING));
  const fits = (s: string) => s.length >= min && (schema.maxLength === undefined || s.length <= schema.maxLength);
  if (schema.format === 'uuid') return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pools.ids) }, fc.uuid({ version: 7 }));
  if (schema.format === 'date-time') {
    return fc.date({ min: new Date('2001-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (schema.format === 'email') return fc.stringMatching(/^[a-z][a-z0-9]{2,10}$/).map((name) => `${name}@example.com`);
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
    } catch {
      // a pattern JavaScript cannot read: any string
    }
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' }).filter(fits);
}

function numberOf(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  let min = Math.max(schema.minimum ?? -1000, -1000);
  let max = Math.min(schema.maximum ?? 1000, 1000);
  if (typeof schema.exclusiveMinimum === 'number') min = Math.max(min, schema.exclusiveMinimum + (integer ? 1 : 1e-6));
  if (typeof schema.exclusiveMaximum === 'number') max = Math.min(max, schema.exclusiveMaximum - (integer ? 1 : 1e-6));
  if (max < min) max = min;
  return integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value the schema accepts (as far as a JSON Schema can tell: zod's refinements may still refuse it). */
export function goodValue(schema: Schema, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true || schema === undefined || schema === null || typeof schema !== 'object') return anything;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (choices) return fc.oneof(...choices.map((s) => goodValue(s, pools, depth + 1)));
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) return goodValue({ ...schema.allOf[0], allOf: undefined }, pools, depth + 1);
  if (Array.isArray(schema.type)) return fc.oneof(...(schema.type as string[]).map((type) => goodValue({ ...schema, type }, pools, depth)));
  switch (schema.type) {
    case 'string':
      return stringOf(schema, pools);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, depth > 3 ? minLength : 3));
      return fc.array(goodValue(schema.items ?? true, pools, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema, pools, depth);
    default:
      return schema.properties ? objectOf(schema, pools, depth) : anything;
  }
}

function objectOf(schema: Schema, pools: Pools, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = (schema.required ?? []) as string[];
  // Deep down, only what is required: the value stays small.
  const names = Object.keys(properties).filter((name) => depth < 4 || required.includes(name));
  const model = Object.fromEntries(names.map((name) => [name, goodValue(properties[name], pools, depth + 1)]));
  return fc.record(model, { requiredKeys: required.filter((name) => names.includes(name)) }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A value of another JSON type than the schema's. */
function wrongType(schema: Schema): fc.Arbitrary<unknown> {
  const types = new Set<string>([schema?.type ?? []].flat());
  const others: fc.Arbitrary<unknown>[] = [];
  if (!types.has('string')) others.push(fc.constantFrom('x', '', 'not-an-id'));
  if (!types.has('integer') && !types.has('number')) others.push(fc.constantFrom(-1, 0, 1.5, 1e12));
  if (!types.has('boolean')) others.push(fc.boolean());
  if (!types.has('array')) others.push(fc.constant([1, 'two']));
  if (!types.has('object')) others.push(fc.constant({ unexpected: true }));
  if (!types.has('null')) others.push(fc.constant(null));
  return fc.oneof(...others);
}

/** A value the schema refuses: the wrong type for itself or one field, a required field left out, an unknown id. */
export function badValue(schema: Schema, pools: Pools): fc.Arbitrary<unknown> {
  const properties = (schema?.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(properties);
  const required = (schema?.required ?? []) as string[];
  const bad: fc.Arbitrary<unknown>[] = [wrongType(schema)];
  if (names.length > 0) {
    const good = goodValue(schema, pools) as fc.Arbitrary<Record<string, unknown>>;
    bad.push(
      fc
        .tuple(good, fc.constantFrom(...names))
        .chain(([value, name]) => wrongType(properties[name]).map((wrong) => ({ ...value, [name]: wrong }))),
    );
    if (required.length > 0) {
      bad.push(
        fc.tuple(good, fc.constantFrom(...required)).map(([value, name]) => {
          const { [name]: _left, ...rest } = value;
          return rest;
        }),
      );
    }
    const idFields = names.filter((name) => properties[name]?.format === 'uuid');
    if (idFields.length > 0) {
      bad.push(fc.tuple(good, fc.constantFrom(...idFields), fc.uuid({ version: 7 })).map(([value, name, id]) => ({ ...value, [name]: id })));
    }
  }
  return fc.oneof(...bad);
}
