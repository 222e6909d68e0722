/** Which API reads the service worker keeps for offline use, and the per-session cache key. */
import { describe, expect, it } from 'vitest';
import { API_CACHE, apiCacheKey, isKeptApiRead, isKeptShareRead, SESSION_KEY_PARAM, SHARE_CACHE } from '../../../../src/client/offline/api-cache.ts';

const base = 'http://h/api/v1';
const id = '0190e1a0-0000-7000-8000-000000000000';
const read = (path: string, overrides: Partial<{ method: string; authorization: string | null; url: string }> = {}) => ({
  method: 'GET',
  url: `http://h/api/v1/${path}`,
  authorization: 'Bearer abc',
  ...overrides,
});

describe('isKeptApiRead', () => {
  it.each([
    ['auth/me', true],
    ['documentation/folders/root', true],
    [`documentation/documents/${id}`, true],
    [`documentation/documents/${id}?x=1`, true],
    [`documentation/documents/${id}/version/2`, false],
    [`documentation/documents/${id}/data`, false],
    [`documentation/documents/documentdata/${id}`, false],
    [`documentation/documents/${id}/media-urls?upload_id=${id}`, false],
    [`documentation/folders/${id}`, false],
    ['documentation/folders/root/contents', false],
    ['auth/me/sessions', false],
    ['_build-info', false],
    [`media/${id}/${id}?expires=1&signature=s`, false],
  ])('GET %s → %s', (path, kept) => {
    expect(isKeptApiRead(read(path), base)).toBe(kept);
  });

  it('keeps only GETs with a bearer token, on the API base of this origin', () => {
    expect(isKeptApiRead(read('auth/me', { method: 'POST' }), base)).toBe(false);
    expect(isKeptApiRead(read('auth/me', { method: 'PUT' }), base)).toBe(false);
    expect(isKeptApiRead(read('auth/me', { authorization: null }), base)).toBe(false);
    expect(isKeptApiRead(read('auth/me', { url: 'http://other/api/v1/auth/me' }), base)).toBe(false);
    expect(isKeptApiRead(read('auth/me', { url: 'http://h/auth/me' }), base)).toBe(false);
    expect(isKeptApiRead(read('auth/me', { url: 'http://h/api/v2/auth/me' }), base)).toBe(false);
    expect(isKeptApiRead(read('auth/me'), `${base}/`)).toBe(true);
  });

  it('follows another API base (PUBLIC_API_BASE)', () => {
    expect(isKeptApiRead(read('auth/me', { url: 'https://api.example/v1/auth/me' }), 'https://api.example/v1')).toBe(true);
    expect(isKeptApiRead(read('auth/me'), 'https://api.example/v1')).toBe(false);
  });
});

describe('apiCacheKey', () => {
  it('adds the session hash to the address, so another login never reads this one’s answers', () => {
    const url = `http://h/api/v1/documentation/documents/${id}`;
    expect(apiCacheKey(url, 'aa11')).toBe(`${url}?${SESSION_KEY_PARAM}=aa11`);
    expect(apiCacheKey(`${url}?x=1`, 'aa11')).toBe(`${url}?x=1&${SESSION_KEY_PARAM}=aa11`);
    expect(apiCacheKey(url, 'aa11')).not.toBe(apiCacheKey(url, 'bb22'));
  });
});

describe('isKeptShareRead (#29: a kiosk on a share link reopens offline)', () => {
  const share = (overrides: Partial<{ method: string; authorization: string | null; url: string }> = {}) =>
    read('share/checklist', { authorization: 'Bearer share_abc', ...overrides });

  it("keeps the share link's checklist, read with a share token, in a cache of its own (not the signed-in reads', which signing out empties)", () => {
    expect(SHARE_CACHE).not.toBe(API_CACHE);
    expect(isKeptShareRead(share(), base)).toBe(true);
    expect(isKeptApiRead(share(), base)).toBe(false);
  });

  it('keeps nothing else: other methods, other bearers, other addresses', () => {
    expect(isKeptShareRead(share({ method: 'POST' }), base)).toBe(false);
    expect(isKeptShareRead(share({ authorization: 'Bearer abc' }), base)).toBe(false);
    expect(isKeptShareRead(share({ authorization: null }), base)).toBe(false);
    expect(isKeptShareRead(share({ url: 'http://other/api/v1/share/checklist' }), base)).toBe(false);
    expect(isKeptShareRead(read(`documentation/documents/${id}`, { authorization: 'Bearer share_abc' }), base)).toBe(false);
  });
});
