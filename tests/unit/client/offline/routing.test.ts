/** The service worker's choices as pure functions: the offline shell of a page address, and which files it caches at run time. */
import { describe, expect, it } from 'vitest';
import { isShoelaceAsset, notFoundShellAddress, offlineShellFor, shellAddress } from '../../../../src/client/offline/routing.ts';
import { matchRoute, routes, shellFile } from '../../../../src/routes.ts';

const id = '0190e1a0-0000-7000-8000-000000000000';

describe('offlineShellFor', () => {
  it.each([
    ['/', '/index.html'],
    ['/login', '/login/index.html'],
    ['/login/', '/login/index.html'],
    ['/invitation/' + id, '/invitation/index.html'],
    ['/admin/users/' + id, '/admin/users/edit/index.html'],
    ['/documentation/browse', '/documentation/browse/index.html'],
    ['/documentation/view/' + id, '/documentation/view/index.html'],
    ['/documentation/view/' + id + '/version/3', '/documentation/view/index.html'],
    ['/documentation/view/' + id + '/3', '/documentation/view/index.html'],
    ['/documentation/view/' + id + '/' + id, '/documentation/view/index.html'],
    ['/documentation/results/' + id, '/documentation/results/index.html'],
    ['/documentation/results/' + id + '/' + id, '/documentation/result-row/index.html'],
    ['/documentation/trash/1', '/documentation/trash/index.html'],
    ['/documentation/' + id + '/history', '/documentation/history/index.html'],
  ])('%s → %s (200)', (path, url) => {
    expect(offlineShellFor(path)).toEqual({ url, status: 200 });
  });

  it.each(['/no-such-page/anywhere', '/documentation', '/documentation/view', '/documentation/view/a/b/c/d', '/login/extra', '/%E0%A4%A'])(
    '%s → the not-found shell with 404',
    (path) => {
      expect(offlineShellFor(path)).toEqual({ url: '/404.html', status: 404 });
    },
  );

  it('agrees with the route table for every pattern (the server picks shells the same way)', () => {
    for (const route of routes) {
      const path = route.pattern.replace(/:\w+/g, 'x1');
      expect(offlineShellFor(path).url, route.pattern).toBe(`/${shellFile(matchRoute(path)!.route.shell)}`);
    }
  });

  it('names shells by their built files', () => {
    expect(shellAddress('index')).toBe('/index.html');
    expect(shellAddress('documentation/result-row')).toBe('/documentation/result-row/index.html');
    expect(notFoundShellAddress()).toEqual({ url: '/404.html', status: 404 });
  });
});

describe('isShoelaceAsset', () => {
  it.each([
    ['http://h/shoelace/assets/icons/x.svg', true],
    ['http://h/shoelace/assets/icons/', true],
    ['http://h/_astro/shoelace.js', false],
    ['http://other/shoelace/assets/icons/x.svg', false],
    ['http://h/elements/rb-qr-code.js', false],
  ])('%s → %s', (url, kept) => {
    expect(isShoelaceAsset(url, 'http://h')).toBe(kept);
  });
});
