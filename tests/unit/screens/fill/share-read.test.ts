import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shareReadScript, shareTokenOfPath, takeFrom } from '../../../../src/screens/fill/share-read.ts';

const bootstrap = readFileSync('src/screens/fill/share-read-bootstrap.js', 'utf8');
const PAGE = 'https://rb.example/fill/share_abc';

/** Runs the inline script as the page would, with its own window, address and fetch. */
function runInline(pathname: string) {
  const window: Record<string, unknown> = {};
  const sent: { address: string; init: RequestInit }[] = [];
  const fetch = (address: string, init: RequestInit) => {
    sent.push({ address, init });
    return Promise.resolve(new Response('{}'));
  };
  new Function('window', 'location', 'fetch', shareReadScript(bootstrap, '/api/v1/'))(window, { pathname }, fetch);
  return { window: window as { __rbShareRead?: { address: string; token: string; response: Promise<Response> } }, sent };
}

describe('shareTokenOfPath', () => {
  it.each([
    ['/fill/share_abc-_1', 'share_abc-_1'],
    ['/embed/fill/share_abc-_1/', 'share_abc-_1'],
    ['/fill/share%5Fx', 'share_x'],
    ['/fill/%E0%A4%A', '%E0%A4%A'],
  ])('%s → %s', (path, token) => expect(shareTokenOfPath(path)).toBe(token));
});

describe('the fill page’s first read', () => {
  it('leaves from the HTML with the address’s token as the bearer', () => {
    const { window, sent } = runInline('/fill/share_abc');
    expect(sent).toEqual([{ address: '/api/v1/share/checklist', init: { headers: { Authorization: 'Bearer share_abc' } } }]);
    expect(window.__rbShareRead).toMatchObject({ address: '/api/v1/share/checklist', token: 'share_abc' });
  });

  it('is not sent for an address that holds no share token', () => {
    expect(runInline('/fill/').sent).toEqual([]);
    expect(runInline('/fill/abc').sent).toEqual([]);
  });

  it('carries no comment and no line of the bootstrap’s indentation into the page', () => {
    const script = shareReadScript(bootstrap, '/api/v1');
    expect(script).not.toContain('/*');
    expect(script).not.toMatch(/\n\s/);
    expect(script.endsWith('("/api/v1");')).toBe(true);
  });

  it('is taken once by the call it matches (same address, GET, same bearer), and by no other', async () => {
    const { window } = runInline('/fill/share_abc');
    const bearer = { headers: { Authorization: 'Bearer share_abc' } };
    expect(takeFrom(window, PAGE, 'https://rb.example/api/v1/share/checklist', { ...bearer, method: 'POST' })).toBeUndefined();
    expect(takeFrom(window, PAGE, '/api/v1/documentation/documents/x', bearer)).toBeUndefined();
    expect(takeFrom(window, PAGE, '/api/v1/share/checklist', { headers: { Authorization: 'Bearer share_other' } })).toBeUndefined();
    const taken = takeFrom(window, PAGE, 'https://rb.example/api/v1/share/checklist', bearer);
    expect(await (await taken!).text()).toBe('{}');
    expect(takeFrom(window, PAGE, '/api/v1/share/checklist', bearer)).toBeUndefined();
  });
});
