/**
 * Reads and validates request bodies: malformed JSON → 400, values that break the schema → 422 whose
 * detail is the schema's sentences (shared/api/field-errors.ts) and whose `errors` name the fields; a
 * NUL character or a prototype key (`__proto__`, `constructor`, `prototype`) anywhere → 422 naming
 * where. Never lets bad input reach a service.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { detailOf, FIELD_REQUIRED } from '../../shared/api/field-errors.ts';
import { badRequest, HttpError, validationFailed, type FieldError } from '../errors.ts';

export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  const text = await c.req.text();
  try {
    raw = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
  return check(schema, raw, BODY);
}

/** Form-encoded bodies (sign-in, reset request); a JSON body with the same fields is accepted too. */
export async function formBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) return jsonBody(c, schema);
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) {
    throw badRequest('The request body must be form-encoded');
  }
  const form = await c.req.parseBody().catch(() => {
    throw badRequest('The request body is not a valid form');
  });
  // No prototype: a field named __proto__ stays a field (and is refused) instead of vanishing.
  const fields = Object.create(null) as Record<string, string>;
  for (const [key, value] of Object.entries(form)) if (typeof value === 'string') fields[key] = value;
  return check(schema, fields, BODY);
}

/** What `check` refuses before the schema sees the input: NUL characters always; in bodies, prototype keys too. */
interface Refusals {
  prototypeKeys: boolean;
}
const BODY: Refusals = { prototypeKeys: true };
const QUERY: Refusals = { prototypeKeys: false };

export function check<S extends z.ZodType>(schema: S, raw: unknown, refuse: Refusals = QUERY): z.output<S> {
  const refused = firstRefused(raw, refuse);
  if (refused) {
    const field = refused.path.length > 16 ? `${refused.path.slice(0, 16).join('.')}…` : refused.path.join('.');
    throw validationFailed([{ field, message: refused.message }]);
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const errors: FieldError[] = parsed.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    // zod does not report the input with its issues: look the value up to tell "missing" from "wrong type".
    message: issue.code === 'invalid_type' && valueAt(raw, issue.path) === undefined ? FIELD_REQUIRED : issue.message,
  }));
  // The detail in the product's words: a schema's sentence stands alone, a remark for programs keeps its field.
  throw new HttpError(422, detailOf(errors), { errors });
}

function valueAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let value = raw;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

interface PathStep {
  key: string;
  up: PathStep | undefined;
}

/**
 * Keys that name an object's prototype machinery. A schema would drop them silently, and code that
 * copies a body into an object could be steered by them: a body that has one anywhere is refused.
 */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The first thing in the input that is refused whatever the schema says, and where: a string or key with
 * U+0000 (PostgreSQL text and jsonb cannot hold it), or — in bodies — a prototype key (its path ends with
 * the key). Iterative, with paths as parent links, because JSON.parse accepts nesting far deeper than the
 * call stack.
 */
function firstRefused(raw: unknown, refuse: Refusals): { path: string[]; message: string } | undefined {
  const toArray = (step: PathStep | undefined): string[] => {
    const keys: string[] = [];
    for (let s = step; s; s = s.up) keys.push(s.key);
    return keys.reverse();
  };
  const nul = (at: PathStep | undefined) => ({ path: toArray(at), message: 'must not contain NUL characters' });
  const pending: { value: unknown; at: PathStep | undefined }[] = [{ value: raw, at: undefined }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, at } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return nul(at);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return nul(at);
        if (refuse.prototypeKeys && PROTOTYPE_KEYS.has(key)) return { path: toArray({ key, up: at }), message: 'is not allowed as a name' };
        pending.push({ value: item, at: { key, up: at } });
      }
    }
  }
  return undefined;
}
