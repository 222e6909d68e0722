/**
 * The page guards of the route table (src/routes.ts): public, signed-in, org-admin. A signed-in page
 * without the stored login flag (or token) goes to /login remembering the path; an org-admin page for
 * anyone else goes to /. What the stored state decides is known at once, without a request
 * (`guardRedirect`), so a visitor who is sent away never asks the API for anything. The in-memory
 * session is loaded here, so pages start from an authenticated state.
 */
import type { CurrentUser } from '../shared/api/accounts.ts';
import type { Guard } from '../routes.ts';
import { loginPathFrom, navigate } from './navigation.ts';
import { hasLoginFlag, readSession, sessionKeys, storedToken } from './storage.ts';
import { showAlertAfterNavigation } from './stores/alerts.ts';
import { handleSessionErrors, loadUser } from './stores/session.ts';

/** What someone who is not an org admin reads on arriving home from an org-admin page (ours; the spec only redirects). */
export const ADMINS_ONLY = 'Only organization admins can open this page.';

/** Where the stored state alone sends the visitor of a `guard` page, or undefined when the server decides. */
export function guardRedirect(guard: Guard): string | undefined {
  if (guard === 'public') return undefined;
  if (!hasLoginFlag() || !storedToken()) return loginPathFrom(location.pathname + location.search);
  // The session-stored admin flag decides at once; the server's answer (guardPage) confirms it.
  if (guard === 'org-admin' && readSession(sessionKeys.isOrgAdmin) === 'false') return '/';
  return undefined;
}

/** Resolves with the signed-in user (null on public pages), or never when the page is being left. */
export async function guardPage(guard: Guard): Promise<CurrentUser | null> {
  if (guard === 'public') return null;
  handleSessionErrors();
  const away = guardRedirect(guard);
  if (away) return leave(away, guard === 'org-admin' && away === '/');
  const user = await loadUser();
  if (!user) return new Promise(() => undefined); // logging out (credential error): the page is being left
  if (guard === 'org-admin' && !user.is_org_admin) return leave('/', true);
  return user;
}

/** Goes to `path` for good; `adminsOnly`: home from an org-admin page, saying why. */
function leave(path: string, adminsOnly = false): Promise<never> {
  if (adminsOnly) showAlertAfterNavigation('warning', ADMINS_ONLY);
  navigate(path, { replace: true });
  return new Promise(() => undefined);
}
