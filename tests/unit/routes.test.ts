/** The route table: every page address of the spec maps to its shell and guard. */
import { describe, expect, it } from 'vitest';
import { guardOfShell, matchRoute, notFoundShell, routes, shellFile, shellOfPagePath } from '../../src/routes.ts';

describe('matchRoute', () => {
  it.each([
    ['/login', 'login', 'public', {}],
    ['/register', 'register', 'public', {}],
    ['/auth/activate', 'auth/activate', 'public', {}],
    ['/reset-password', 'reset-password', 'public', {}],
    ['/invitation/0190f0f0-0000-7000-8000-000000000000', 'invitation', 'public', { id: '0190f0f0-0000-7000-8000-000000000000' }],
    ['/confirm-email', 'confirm-email', 'public', {}],
    ['/', 'index', 'signed-in', {}],
    ['/account-settings', 'account-settings', 'signed-in', {}],
    ['/billing', 'billing', 'signed-in', {}],
    ['/billing/success', 'billing/success', 'signed-in', {}],
    ['/billing/cancel', 'billing/cancel', 'signed-in', {}],
    ['/admin', 'admin', 'org-admin', {}],
    ['/admin/users', 'admin/users', 'org-admin', {}],
    ['/admin/users/new', 'admin/users/new', 'org-admin', {}],
    ['/admin/users/42', 'admin/users/edit', 'org-admin', { id: '42' }],
    ['/admin/roles', 'admin/roles', 'org-admin', {}],
    ['/admin/roles/new', 'admin/roles/new', 'org-admin', {}],
    ['/admin/roles/7', 'admin/roles/edit', 'org-admin', { id: '7' }],
    ['/admin/activity-log', 'admin/activity-log', 'org-admin', {}],
    ['/admin/settings', 'admin/settings', 'org-admin', {}],
    ['/admin/create-org', 'admin/create-org', 'org-admin', {}],
    ['/documentation/browse', 'documentation/browse', 'signed-in', {}],
    ['/documentation/browse/f1', 'documentation/browse', 'signed-in', { folderId: 'f1' }],
    ['/documentation/view/d1', 'documentation/view', 'signed-in', { id: 'd1' }],
    ['/documentation/view/d1/version/3', 'documentation/view', 'signed-in', { id: 'd1', version: '3' }],
    ['/documentation/view/d1/12', 'documentation/view', 'signed-in', { id: 'd1', second: '12' }],
    ['/documentation/view/d1/row-9', 'documentation/view', 'signed-in', { id: 'd1', second: 'row-9' }],
    ['/documentation/results/s1', 'documentation/results', 'signed-in', { id: 's1' }],
    ['/documentation/results/s1/r1', 'documentation/result-row', 'signed-in', { documentId: 's1', id: 'r1' }],
    ['/documentation/media/c1/u1', 'documentation/media', 'signed-in', { documentId: 'c1', id: 'u1' }],
    ['/documentation/edit/d1', 'documentation/edit', 'signed-in', { id: 'd1' }],
    ['/documentation/search', 'documentation/search', 'signed-in', {}],
    ['/documentation/trash/f1', 'documentation/trash', 'org-admin', { folderId: 'f1' }],
    ['/documentation/d1/history', 'documentation/history', 'signed-in', { id: 'd1' }],
    ['/fill/share_abc-_1', 'fill', 'public', { token: 'share_abc-_1' }],
    ['/embed/fill/share_abc-_1', 'embed/fill', 'public', { token: 'share_abc-_1' }],
    ['/elements/', 'elements', 'public', {}],
  ] as const)('%s → %s (%s)', (path, shell, guard, params) => {
    const match = matchRoute(path);
    expect(match?.route.shell).toBe(shell);
    expect(match?.route.guard).toBe(guard);
    expect(match?.params).toEqual(params);
  });

  it('prefers a fixed segment over a parameter', () => {
    expect(matchRoute('/admin/users/new')?.route.shell).toBe('admin/users/new');
    expect(matchRoute('/documentation/view/d1/version/3')?.route.pattern).toBe('/documentation/view/:id/version/:version');
  });

  it('ignores a trailing slash and repeated slashes', () => {
    expect(matchRoute('/login/')?.route.shell).toBe('login');
    expect(matchRoute('/admin//users')?.route.shell).toBe('admin/users');
  });

  it('decodes parameters', () => {
    expect(matchRoute('/invitation/a%20b')?.params).toEqual({ id: 'a b' });
  });

  it.each(['/nope', '/login/extra', '/admin/users/1/2', '/invitation', '/documentation', '/billing/other', '/%E0%A4%A'])(
    'knows nothing of %s',
    (path) => {
      expect(matchRoute(path)).toBeUndefined();
    },
  );

  it('has no pattern twice', () => {
    const patterns = routes.map((r) => r.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});

describe('guardOfShell', () => {
  it('is the strictest guard of the routes the shell serves', () => {
    expect(guardOfShell('login')).toBe('public');
    expect(guardOfShell('invitation')).toBe('public');
    expect(guardOfShell('index')).toBe('signed-in');
    expect(guardOfShell('documentation/view')).toBe('signed-in');
    expect(guardOfShell('admin/users/edit')).toBe('org-admin');
  });

  it('is public for shells no route serves (the not-found page)', () => {
    expect(guardOfShell(notFoundShell)).toBe('public');
    expect(guardOfShell('no-such-shell')).toBe('public');
  });
});

describe('shell files', () => {
  it('maps a shell to its built file and back', () => {
    expect(shellFile('index')).toBe('index.html');
    expect(shellFile(notFoundShell)).toBe('404.html');
    expect(shellFile('admin/users')).toBe('admin/users/index.html');
    expect(shellOfPagePath('/')).toBe('index');
    expect(shellOfPagePath('/admin/users/')).toBe('admin/users');
    expect(shellOfPagePath('404.html')).toBe('404');
    for (const route of routes) expect(shellOfPagePath(`/${shellFile(route.shell)}`.replace(/\/index\.html$/, '/'))).toBe(route.shell);
  });
});
