import { describe, expect, it } from 'vitest';
import { EMBED_ORIGINS_HINT, expiresAtOf, isExpired, shareSnippets } from '../../../../../islands/browse/dialogs/share-snippets.ts';
import { attr, one } from '../../../../support/html.ts';

const link = {
  name: 'Front door "A" & <B>',
  token: 'share_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
  url: 'https://rb.example/fill/share_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
};

const checklist = 'Ladder "check" & <rungs>';

describe('shareSnippets: what the Share tab offers to copy', () => {
  it('the address is the link’s own (built by the server from PUBLIC_URL)', () => {
    expect(shareSnippets(link, checklist).address).toBe(link.url);
  });

  it('the one-line script embed loads ringbinder.js from the address’s origin and names the token', () => {
    expect(shareSnippets(link, checklist).script).toBe(
      `<script type="module" src="https://rb.example/elements/ringbinder.js"></script><rb-checklist share-token="${link.token}"></rb-checklist>`,
    );
  });

  it('the iframe embed frames /embed/fill/{token} at a fixed height, titled with the checklist’s name (escaped; issue #43 item 11), with the sizing script', () => {
    expect(shareSnippets(link, checklist).iframe).toBe(
      `<iframe src="https://rb.example/embed/fill/${link.token}" title="Ladder &quot;check&quot; &amp; &lt;rungs&gt;" style="width:100%;border:0" height="600"></iframe>` +
        '<script src="https://rb.example/elements/embed-frame.js" async></script>',
    );
  });

  it('says which origin the server must list in EMBED_ORIGINS (issue #43 item 10)', () => {
    expect(EMBED_ORIGINS_HINT).toContain('EMBED_ORIGINS');
    expect(EMBED_ORIGINS_HINT).toMatch(/origin/);
  });

  it('keeps a path the server is served under (PUBLIC_URL with a path)', () => {
    const under = { ...link, url: `https://rb.example/tools/fill/${link.token}` };
    expect(attr(one(shareSnippets(under, checklist).script, 'script'), 'src')).toBe('https://rb.example/tools/elements/ringbinder.js');
    expect(attr(one(shareSnippets(under, checklist).iframe, 'iframe'), 'src')).toMatch(/^https:\/\/rb\.example\/tools\/embed\/fill\//);
  });
});

describe('expiry', () => {
  const now = new Date('2030-01-01T12:00:00Z');
  it('a link without an end never expires; one past its end is expired', () => {
    expect(isExpired({ expires_at: null }, now)).toBe(false);
    expect(isExpired({ expires_at: '2030-01-01T12:00:01Z' }, now)).toBe(false);
    expect(isExpired({ expires_at: '2030-01-01T12:00:00Z' }, now)).toBe(true);
  });

  it('the form’s local date and time becomes an ISO instant; none is null; a malformed one is undefined', () => {
    expect(expiresAtOf('')).toBeNull();
    expect(expiresAtOf('2030-06-01T09:30')).toBe(new Date(2030, 5, 1, 9, 30).toISOString());
    expect(expiresAtOf('not a date')).toBeUndefined();
  });
});
