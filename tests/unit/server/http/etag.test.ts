/** Validators (http/etag.ts): the tag of some bytes, and If-None-Match compared weakly (RFC 9110 §13.1.2). */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { etagMatches, etagOf, jsonWithEtag } from '../../../../src/server/http/etag.ts';

describe('etagOf', () => {
  it('is a quoted digest: the same bytes the same tag, other bytes another', () => {
    expect(etagOf('{"a":1}')).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(etagOf('{"a":1}')).toBe(etagOf(new TextEncoder().encode('{"a":1}')));
    expect(etagOf('{"a":1}')).not.toBe(etagOf('{"a":2}'));
  });
});

describe('etagMatches', () => {
  const tag = '"abc"';
  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    [' "x", W/"abc" ', true],
    ['*', true],
    ['"abd"', false],
    ['abc', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (header, expected) => {
    expect(etagMatches(header, tag)).toBe(expected);
    expect(etagMatches(header, `W/${tag}`)).toBe(expected);
  });
});

describe('jsonWithEtag', () => {
  const app = new Hono().get('/', (c) => jsonWithEtag(c, { name: 'Door checks' }));

  it('answers the JSON with its tag, kept and asked again; a repeat naming it is 304 without a body', async () => {
    const first = await app.request('/');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ name: 'Door checks' });
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('vary')).toBe('Authorization');
    const tag = first.headers.get('etag')!;
    expect(tag).toBe(etagOf(JSON.stringify({ name: 'Door checks' })));
    const again = await app.request('/', { headers: { 'If-None-Match': `W/${tag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(tag);
  });
});
