/** Reads and validates query parameters: every key as the list of its values (repeated keys keep all), 422 naming the bad ones. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { check } from './body.ts';

export function queryOf<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return check(schema, c.req.queries());
}
