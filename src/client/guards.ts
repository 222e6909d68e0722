/**
 * The page guards of the route table (src/routes.ts): public, signed-in, org-admin. A signed-in page
 * without the stored login flag goes to /login remembering the path; an org-admin page for anyone
 * else goes to /. The in-memory session is loaded here, so pages start from an authenticated state.
 */
import type { CurrentUser } from '../shared/api/accounts.ts';
import type { Guard } from '../routes.ts';
import { loginPathFrom, navigate } from './navigation.ts';
import { hasLoginFlag, readSession, sessionKeys } from './storage.ts';
import { handleSessionErrors, loadUser } from './stores/session.ts';

/** Resolves with the signed-in user (null on public pages), or never when the page is being left. */
export async function guardPage(guard: Guard): Promise<CurrentUser | null> {
  if (guard === 'public') return null;
  handleSessionErrors();
  const here = location.pathname + location.search;
  if (!hasLoginFlag()) return leave(loginPathFrom(here));
  // The session-stored admin flag decides at once; the server's answer below confirms it.
  if (guard === 'org-admin' && readSession(sessionKeys.isOrgAdmin) === 'false') return leave('/');
  const user = await loadUser();
  if (!user) return new Promise(() => undefined); // logging out (credential error): the page is being left
  if (guard === 'org-admin' && !user.is_org_admin) return leave('/');
  return user;
}

function leave(path: string): Promise<never> {
  navigate(path, { replace: true });
  return new Promise(() => undefined);
}
