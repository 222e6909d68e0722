/**
 * The signed-in chrome (SignedInLayout.astro): alerts, drawer, about dialog and avatar menu at once;
 * then, when the guard has loaded the user, the page content is revealed and, once it has painted, the
 * organisation in the top bar and the title ('{page} {organisation}'), the Staff section for org admins
 * and the drawer's Documentation section. A page whose name depends on what it loads (a document's name)
 * sets it with `setPageName`.
 */
import type { CurrentUser } from '../../shared/api/accounts.ts';
import { mountAlerts } from '../alerts-view.ts';
import { $user } from '../../client/stores/session.ts';
import { mountAboutDialog } from './about-dialog.ts';
import { mountAvatarMenu } from './avatar-menu.ts';
import { mountDrawer } from './drawer.ts';
import { mountDrawerDocumentation, rootFolders } from './drawer-documentation.ts';
import { signedInPage, signedInUser } from '../../client/signed-in-user.ts';
import { hasLoginFlag, storedToken } from '../../client/storage.ts';
import { afterPaint } from '../../client/dom.ts';

/** The page title: the page name, followed by the organisation name if set. */
export function pageTitle(page: string, user: Pick<CurrentUser, 'org'>): string {
  return user.org ? `${page} ${user.org.name}` : page;
}

/** The page name now (the shell's title until the page sets another). */
const currentPageName = () => document.body.dataset.page ?? '';

/** Names the page: the top bar's page name and the title '{page} {organisation}'. */
export function setPageName(name: string): void {
  document.body.dataset.page = name;
  const shown = document.getElementById('topbar-page');
  if (shown) shown.textContent = name;
  const user = $user.get();
  document.title = user ? pageTitle(name, user) : name;
}

export function mountSignedInChrome(): void {
  // A public shell in this layout (the not-found page) is the app's frame for a stored login, and a plain
  // page without the frame's menus for anyone else.
  if (document.body.dataset.guard === 'public') {
    if (!hasLoginFlag() || !storedToken()) return mountSignedOut();
    document.body.dataset.guard = 'signed-in';
  }
  mountAlerts();
  mountDrawer();
  mountAboutDialog();
  markCurrentLinks();
  const avatarMenu = mountAvatarMenu();

  function render(user: CurrentUser): void {
    document.title = pageTitle(currentPageName(), user);
    document.getElementById('topbar-org')!.textContent = user.org?.name ?? '';
    document.getElementById('drawer-staff')!.hidden = !user.is_org_admin;
    avatarMenu.render(user);
  }

  // On the documentation pages (which need an organisation for their own reads anyway) the drawer's root
  // folders leave beside auth/me too; elsewhere a user may have no organisation yet, so they wait for it.
  const drawerFolders = location.pathname.startsWith('/documentation/')
    ? signedInPage(() => rootFolders().catch(() => undefined)).then(({ data }) => data)
    : undefined;
  signedInUser().then(
    async () => {
      reveal();
      // The page's content paints first; the organisation, the avatar menu and the drawer's folders a frame later.
      await afterPaint();
      // The store follows every later change (refreshUser, selectOrganisation) until logout.
      $user.subscribe((u) => u && render(u));
      mountDrawerDocumentation(drawerFolders);
    },
    (err: unknown) => showFailure(err instanceof Error ? err.message : String(err)),
  );
}

function mountSignedOut(): void {
  document.body.dataset.signedOut = '';
  mountAlerts();
  reveal();
}

function reveal(): void {
  document.getElementById('page-skeleton')?.remove();
  document.getElementById('page-content')!.hidden = false;
  document.getElementById('main')!.removeAttribute('aria-busy');
}

/** The user could not be loaded (network or server trouble): say so and offer to try again. */
function showFailure(detail: string): void {
  const main = document.getElementById('main')!;
  const message = document.createElement('p');
  message.className = 'error-text';
  message.setAttribute('role', 'alert');
  message.textContent = `Something went wrong: ${detail}`;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button';
  retry.textContent = 'Try Again';
  retry.addEventListener('click', () => location.reload());
  document.getElementById('page-skeleton')?.replaceWith(message, retry);
  main.removeAttribute('aria-busy');
}

/** aria-current on the drawer link of this page ('page'), or of the section it is in ('true'). */
function markCurrentLinks(): void {
  const here = location.pathname.replace(/\/+$/, '') || '/';
  for (const link of document.querySelectorAll<HTMLAnchorElement>('#drawer a[href]')) {
    const path = new URL(link.href).pathname.replace(/\/+$/, '') || '/';
    if (path === here) link.setAttribute('aria-current', 'page');
    else if (path !== '/' && here.startsWith(`${path}/`)) link.setAttribute('aria-current', 'true');
  }
}
