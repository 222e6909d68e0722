/** Checking bodies against their schemas: 422 naming the fields, "Field required" only for missing ones, no NUL characters. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../../../../src/server/errors.ts';
import { check } from '../../../../src/server/http/body.ts';
import { sentence } from '../../../../src/shared/api/field-errors.ts';

const schema = z.object({
  name: z.string({ error: 'name must be a string' }),
  tags: z.array(z.string()).optional(),
  nested: z.object({ count: z.number({ error: 'count must be a number' }) }).optional(),
});

function refusal(raw: unknown): HttpError {
  try {
    check(schema, raw);
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('accepted');
}

describe('check', () => {
  it('answers the parsed value', () => {
    expect(check(schema, { name: 'a', tags: ['b'] })).toEqual({ name: 'a', tags: ['b'] });
  });

  it("says 'Field required' for a missing field and the schema's message for a wrong type", () => {
    expect(refusal({}).detail).toBe('name: Field required');
    expect(refusal({ name: 1 }).detail).toBe('name: name must be a string');
    expect(refusal({ name: null }).detail).toBe('name: name must be a string');
    expect(refusal({ name: 'a', nested: {} }).detail).toBe('nested.count: Field required');
    expect(refusal({ name: 'a', nested: { count: '1' } }).detail).toBe('nested.count: count must be a number');
  });

  it("gives a schema's sentence for people as the detail, without the field (issue 9)", () => {
    const named = z.object({ name: z.string().min(1, sentence('Name is required')), parent_id: z.uuid({ error: 'must be a valid id' }) });
    let err: unknown;
    try {
      check(named, { name: '', parent_id: 'x' });
    } catch (caught) {
      err = caught;
    }
    expect((err as HttpError).detail).toBe('Name is required; parent_id: must be a valid id');
    expect((err as HttpError).extra.errors).toEqual([
      { field: 'name', message: 'Name is required' },
      { field: 'parent_id', message: 'must be a valid id' },
    ]);
  });

  it('is a 422 listing every field', () => {
    const err = refusal({ nested: { count: 'x' } });
    expect(err.status).toBe(422);
    expect(err.extra.errors).toEqual([
      { field: 'name', message: 'Field required' },
      { field: 'nested.count', message: 'count must be a number' },
    ]);
  });

  it('refuses NUL characters anywhere, naming where', () => {
    expect(refusal({ name: 'a\u0000b' }).detail).toBe('name: must not contain NUL characters');
    expect(refusal({ name: 'a', tags: ['ok', '\u0000'] }).detail).toBe('tags.1: must not contain NUL characters');
    expect(refusal({ name: 'a', 'k\u0000': 1 }).detail).toBe('must not contain NUL characters');
    expect(refusal('\u0000').status).toBe(422);
  });

  it('copes with nesting deeper than the call stack', () => {
    const deep = JSON.parse(`${'['.repeat(300_000)}"\\u0000"${']'.repeat(300_000)}`);
    expect(refusal(deep).status).toBe(422);
    expect(refusal(deep).detail).toBe(`${Array(16).fill('0').join('.')}…: must not contain NUL characters`);
    const clean = JSON.parse(`${'['.repeat(300_000)}${']'.repeat(300_000)}`);
    expect(refusal(clean).status).toBe(422);
  });
});
