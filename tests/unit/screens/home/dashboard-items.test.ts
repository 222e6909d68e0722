import { describe, expect, it } from 'vitest';
import { localDrafts } from '../../../../src/screens/home/dashboard-items.ts';

describe('localDrafts', () => {
  it('reads the filler’s drafts from storage entries, newest first, leaving out other keys and broken ones', () => {
    const drafts = localDrafts([
      ['rb-checklist:draft:o1:u1:d1', JSON.stringify({ answers: {}, savedAt: '2025-01-01T10:00:00.000Z' })],
      ['rb-checklist:draft:o1:u1:d2', JSON.stringify({ answers: {}, savedAt: '2025-01-02T10:00:00.000Z' })],
      ['rb-checklist:draft:-:-:d3', JSON.stringify({ answers: {} })],
      ['rb-checklist:draft:o1:u1:d4', '{broken'],
      ['rb-checklist:sent-at', '2025-01-01'],
      ['token', 'x'],
    ]);
    expect(drafts).toEqual([
      { orgId: 'o1', userId: 'u1', documentId: 'd2', savedAt: '2025-01-02T10:00:00.000Z' },
      { orgId: 'o1', userId: 'u1', documentId: 'd1', savedAt: '2025-01-01T10:00:00.000Z' },
    ]);
  });
});
