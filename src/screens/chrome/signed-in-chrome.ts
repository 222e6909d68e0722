/**
 * The signed-in chrome (SignedInLayout.astro): when the guard has loaded the user, the page content is
 * revealed; once the page has painted what it read (or at the first touch of the chrome) the alerts,
 * drawer, about dialog, avatar menu, notifications bell and search box mount, with the organisation in
 * the top bar and the title ('{page} {organisation}'), the Staff section for org admins and the drawer's
 * Documentation section. A page whose name depends on what it loads (a document's name) sets it with
 * `setPageName`.
 */
import type { CurrentUser } from '../../shared/api/accounts.ts';
import { problemText } from '../../client/api.ts';
import { mountAlerts } from '../alerts-view.ts';
import { $user } from '../../client/stores/session.ts';
import { showPendingAlert } from '../../client/stores/alerts.ts';
import { mountAboutDialog } from './about-dialog.ts';
import { mountAvatarMenu } from './avatar-menu.ts';
import { mountDrawer } from './drawer.ts';
import { mountDrawerDocumentation, rootFolders } from './drawer-documentation.ts';
import { mountNotificationsBell } from './notifications-bell.ts';
import { mountSearchBox } from './search-box.ts';
import { afterPageRead, signedInUser } from '../../client/signed-in-user.ts';
import { hasLoginFlag, storedToken } from '../../client/storage.ts';

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

/** Mounts the chrome; settles once the page has painted what it read (at once for a visitor who is not signed in). */
export function mountSignedInChrome(): Promise<void> {
  // The page before's alert for this one, taken now: by the time the alerts mount, this page may have left one for the next.
  showPendingAlert();
  // A public shell in this layout (the not-found page) is the app's frame for a stored login, and a plain
  // page without the frame's menus for anyone else.
  if (document.body.dataset.guard === 'public') {
    if (!hasLoginFlag() || !storedToken()) {
      mountSignedOut();
      return Promise.resolve();
    }
    document.body.dataset.guard = 'signed-in';
  }
  markCurrentLinks(); // part of the drawer's look, shown from the first paint on a wide screen
  const mountMenus = mountOnce(mountChromeMenus);
  // The menus, the drawer's folders and favourites, the bell, the alerts and the organisation's name wait
  // until the page has painted what it read beside auth/me (afterPageRead): the page's content gets the
  // main thread first. A press, key or click before then mounts them at once, so no tap is lost.
  const early = new AbortController();
  for (const type of ['pointerdown', 'keydown', 'click'] as const) {
    document.addEventListener(type, () => mountMenus(), { capture: true, signal: early.signal });
  }
  return signedInUser().then(
    async () => {
      reveal();
      await afterPageRead();
      early.abort();
      mountMenus();
    },
    (err: unknown) => {
      early.abort();
      mountMenus();
      showFailure(problemText(err, 'please try again'));
    },
  );
}

/** `mount` on the first call only. */
function mountOnce(mount: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    mount();
  };
}

/**
 * Alerts, drawer, about dialog, avatar menu, notifications bell and the search box's folder; once the
 * user is in, the organisation in the top bar and the title ('{page} {organisation}'), the Staff section
 * for org admins and the drawer's Documentation section (its root folders: on the documentation pages
 * the HTML's early read, sent beside auth/me).
 */
function mountChromeMenus(): void {
  mountAlerts();
  mountDrawer();
  mountAboutDialog();
  const avatarMenu = mountAvatarMenu();
  mountNotificationsBell();
  mountSearchBox();
  void signedInUser().then(() => {
    // The store follows every later change (refreshUser, selectOrganisation) until logout.
    $user.subscribe((user) => {
      if (!user) return;
      document.title = pageTitle(currentPageName(), user);
      document.getElementById('topbar-org')!.textContent = user.org?.name ?? '';
      document.getElementById('drawer-staff')!.hidden = !user.is_org_admin;
      // Billing for org admins while billing is on (issue #32).
      document.getElementById('drawer-billing')!.hidden = !user.org || user.org.subscription.status === 'off';
      avatarMenu.render(user);
    });
    mountDrawerDocumentation(location.pathname.startsWith('/documentation/') ? rootFolders('drawer').catch(() => undefined) : undefined);
  }, () => undefined); // the page says why the user could not be loaded (showFailure)
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
