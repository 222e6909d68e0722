import { describe, expect, it } from 'vitest';
import { draftKey } from '../../../../elements/rb-checklist/draft-key.ts';

describe('draftKey', () => {
  it('is per organisation, user and document', () => {
    expect(draftKey({ orgId: 'o1', userId: 'u1', documentId: 'd1' })).toBe('rb-checklist:draft:o1:u1:d1');
    const keys = new Set([
      draftKey({ orgId: 'o1', userId: 'u1', documentId: 'd1' }),
      draftKey({ orgId: 'o2', userId: 'u1', documentId: 'd1' }),
      draftKey({ orgId: 'o1', userId: 'u2', documentId: 'd1' }),
      draftKey({ orgId: 'o1', userId: 'u1', documentId: 'd2' }),
    ]);
    expect(keys.size).toBe(4);
  });

  it('works without the ids (demo pages) and escapes the separator', () => {
    expect(draftKey({})).toBe('rb-checklist:draft:-:-:-');
    expect(draftKey({ documentId: 'd1' })).toBe('rb-checklist:draft:-:-:d1');
    expect(draftKey({ orgId: 'a:b', userId: 'c', documentId: 'd' })).not.toBe(draftKey({ orgId: 'a', userId: 'b:c', documentId: 'd' }));
  });
});
