/** What THE API token list says of a token (src/screens/account/api-token-list.ts tokenFacts, issue #34). */
import { describe, expect, it } from 'vitest';
import { tokenFacts, type Fact } from '../../../../src/screens/account/api-token-list.ts';
import type { MemberApiToken } from '../../../../src/shared/api/api-tokens.ts';

const token: MemberApiToken = {
  id: 't1',
  name: 'Nightly export',
  organization: { id: 'o1', name: 'Acme' },
  scope: 'read',
  created_at: '2026-01-02T03:04:05.000Z',
  expires_at: null,
  last_used_at: null,
  user: { id: 'u1', username: 'bo', full_name: 'Bo Berg' },
};
const NOW = new Date('2026-02-01T00:00:00Z');
const text = (lines: Fact[][]) => lines.map((line) => line.map((f) => ('iso' in f ? `${f.text}<${f.iso}>` : f.text)).join(''));

describe('tokenFacts', () => {
  it("names the organisation on Account Settings, the owner on the admin page; a token never used, never expiring", () => {
    expect(text(tokenFacts(token, NOW, false))).toEqual(['Acme · Created <2026-01-02T03:04:05.000Z>', 'Never expires · Never used']);
    expect(text(tokenFacts(token, NOW, true))[0]).toBe('Bo Berg (bo) · Created <2026-01-02T03:04:05.000Z>');
  });

  it('says when it expires, or expired, and when it was last used', () => {
    const later = { ...token, expires_at: '2026-03-01T00:00:00.000Z', last_used_at: '2026-01-20T10:00:00.000Z' };
    expect(text(tokenFacts(later, NOW, false))[1]).toBe('Expires <2026-03-01T00:00:00.000Z> · Last used <2026-01-20T10:00:00.000Z>');
    expect(text(tokenFacts({ ...later, expires_at: '2026-01-31T00:00:00.000Z' }, NOW, false))[1]).toMatch(/^Expired </);
  });
});
