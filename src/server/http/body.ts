/**
 * Reads and validates request bodies: malformed JSON → 400, values that break the schema → 422 naming
 * the fields. Never lets bad input reach a service.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, validationFailed, type FieldError } from '../errors.ts';

export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  const text = await c.req.text();
  try {
    raw = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON');
  }
  return check(schema, raw);
}

/** Form-encoded bodies (sign-in, reset request); a JSON body with the same fields is accepted too. */
export async function formBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) return jsonBody(c, schema);
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) {
    throw badRequest('The request body must be form-encoded');
  }
  const form = await c.req.parseBody();
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) if (typeof value === 'string') fields[key] = value;
  return check(schema, fields);
}

export function check<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const errors: FieldError[] = parsed.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.'),
    message: issue.code === 'invalid_type' && issue.input === undefined ? 'Field required' : issue.message,
  }));
  throw validationFailed(errors);
}
