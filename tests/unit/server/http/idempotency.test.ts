/** What a repeat with the same Idempotency-Key must match (src/server/http/idempotency.ts `bodyHash`). */
import { describe, expect, it } from 'vitest';
import { bodyHash } from '../../../../src/server/http/idempotency.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const json = (text: string) => bodyHash('application/json', bytes(text));

describe('bodyHash', () => {
  it('a JSON body is the same request however its object keys are ordered or spaced', () => {
    expect(json('{"a":1,"b":{"c":[1,2],"d":null}}')).toBe(json(' { "b" : { "d": null, "c": [1, 2] }, "a": 1 } '));
  });

  it('another value, another order of an array, or another type is another request', () => {
    const first = json('{"a":1,"list":[1,2]}');
    expect(json('{"a":2,"list":[1,2]}')).not.toBe(first);
    expect(json('{"a":1,"list":[2,1]}')).not.toBe(first);
    expect(json('{"a":"1","list":[1,2]}')).not.toBe(first);
  });

  it('anything else is compared byte for byte (and never equals a JSON body of the same text)', () => {
    expect(bodyHash('text/plain', bytes('a=1'))).toBe(bodyHash('text/plain', bytes('a=1')));
    expect(bodyHash('text/plain', bytes('a=1'))).not.toBe(bodyHash('text/plain', bytes('a=2')));
    expect(bodyHash('application/json', bytes('not json'))).toBe(bodyHash('text/plain', bytes('not json')));
    expect(bodyHash('application/json', bytes('{}'))).not.toBe(bodyHash('text/plain', bytes('{}')));
  });
});
