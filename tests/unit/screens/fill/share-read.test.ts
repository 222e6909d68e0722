import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { shareReadScript, shareTokenOfPath, takeFrom } from '../../../../src/screens/fill/share-read.ts';

const bootstrap = readFileSync('src/screens/fill/share-read-bootstrap.js', 'utf8');
const PAGE = 'https://rb.example/fill/share_abc';

/**
 * Runs the inline script as the page would, with its own window, address and fetch; `written`: what the
 * server wrote into #rb-first-answers; `worker`: a service worker controls the page.
 */
function runInline(pathname: string, { written, worker = false }: { written?: unknown; worker?: boolean } = {}) {
  const window: Record<string, unknown> = {};
  const sent: { address: string; init: RequestInit }[] = [];
  const fetch = (address: string, init: RequestInit) => {
    sent.push({ address, init });
    return Promise.resolve(new Response('{}'));
  };
  const node = written === undefined ? null : { textContent: JSON.stringify(written) };
  const document = { getElementById: (id: string) => (id === 'rb-first-answers' ? node : null) };
  const navigator = { serviceWorker: worker ? { controller: {} } : { controller: null } };
  new Function('window', 'location', 'fetch', 'document', 'navigator', shareReadScript(bootstrap, '/api/v1/'))(window, { pathname }, fetch, document, navigator);
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

  it('is not sent when the server wrote its answer into the HTML: that answer is taken', async () => {
    const written = { answers: { 'share/checklist': { status: 401, body: { detail: 'This link has been revoked' } } } };
    const { window, sent } = runInline('/fill/share_abc', { written });
    expect(sent).toEqual([]);
    const answer = await window.__rbShareRead!.response;
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ detail: 'This link has been revoked' });
  });

  it('is sent all the same when a worker controls the page (a kiosk: the worker keeps it for offline use)', () => {
    const written = { answers: { 'share/checklist': { status: 200, body: {} } } };
    expect(runInline('/fill/share_abc', { written, worker: true }).sent).toHaveLength(1);
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
