/**
 * The built site as the route table describes it: which shells are built, and a concrete address for
 * each route pattern, so a spec can visit every screen that exists so far.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { notFoundShell, routes, shellFile, type Route } from '../../../src/routes.ts';

/** The build output folder the server under test serves (DIST_DIR, default ./dist). */
export const distDir = (): string => process.env.DIST_DIR ?? join(process.cwd(), 'dist');

/** Whether a shell (e.g. 'login', 'admin/users') has been built. */
export const isBuilt = (shell: string): boolean => existsSync(join(distDir(), shellFile(shell)));

/** A sample id for address parameters: a well-formed UUID that names nothing. */
export const sampleId = '0190e1a0-0000-7000-8000-000000000000';

/** A concrete address for a route pattern: `:version`-like parameters get 1, every other parameter the sample id. */
export function samplePath(pattern: string): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => (/^(version|second)$/.test(name) ? '1' : sampleId));
}

/** One address per built shell (the first route of each), in route-table order. */
export function builtScreens(): { shell: string; path: string; route: Route }[] {
  const seen = new Set<string>();
  const screens: { shell: string; path: string; route: Route }[] = [];
  for (const route of routes) {
    if (seen.has(route.shell) || !isBuilt(route.shell)) continue;
    seen.add(route.shell);
    screens.push({ shell: route.shell, path: samplePath(route.pattern), route });
  }
  return screens;
}

/** An address that no route matches: the server answers it with the not-found shell and 404. */
export const unknownPath = '/no-such-page/anywhere';

export { notFoundShell };
