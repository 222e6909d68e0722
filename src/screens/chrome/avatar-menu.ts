/**
 * The avatar menu of the top bar (ARIA menu button pattern, THE one of every menu:
 * elements/rb-item-menu/menu-keys.ts): the picture (auth/me's avatar_url, a
 * short-lived signed address) or else the initials, full name, e-mail, the user's
 * pending invitations (auth/me's `invitations`, each with Accept and Decline), the organisation switcher,
 * Account Settings and Logout. Arrow keys, Home and End move between items; Escape closes and returns
 * focus to the button; Tab closes (the focus moves on from the button), a click elsewhere closes.
 *
 * Accepting switches to the organisation and goes home (spec accounts §4), where the alert says so; on
 * home itself the page follows in place. Declining stays on the page. Either way the menu follows $user.
 */
import type { CurrentUser, PendingInvitation } from '../../shared/api/accounts.ts';
import { problemText, SOMETHING_WENT_WRONG } from '../../client/api.ts';
import { navigate } from '../../client/navigation.ts';
import { showAlert } from '../../client/stores/alerts.ts';
import { logout, selectOrganisation } from '../../client/stores/session.ts';
import { answerInvitationFor, sayAnswer } from '../account/answer-invitation.ts';
import { answerLabel } from '../../shared/first-paint/invitations.ts';
import { type MenuFocus, onMenuKey, wireMenuOpener } from '../../../elements/rb-item-menu/menu-keys.ts';

/** Up to two letters: the first of the first and last words of the full name, else of the username. */
export function initialsOf(user: Pick<CurrentUser, 'full_name' | 'username'>): string {
  const words = user.full_name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.length === 1 ? [words[0]!] : [user.username];
  return letters
    .map((w) => Array.from(w)[0] ?? '')
    .join('')
    .toUpperCase();
}

/**
 * Shows the user's picture in `holder` (an <img>, decorative: the name is beside it or in the button's
 * label), or their initials when there is none or it fails to load (an address that has expired).
 */
export function showAvatarIn(holder: HTMLElement, user: Pick<CurrentUser, 'full_name' | 'username' | 'avatar_url'>): void {
  const initials = initialsOf(user);
  if (!user.avatar_url) {
    holder.replaceChildren(initials);
    return;
  }
  const current = holder.querySelector('img');
  if (current?.getAttribute('src') === user.avatar_url) return;
  const picture = document.createElement('img');
  picture.className = 'avatar-picture';
  picture.alt = '';
  picture.decoding = 'async';
  picture.addEventListener('error', () => picture.isConnected && holder.replaceChildren(initials), { once: true });
  picture.src = user.avatar_url;
  holder.replaceChildren(picture);
}

export function mountAvatarMenu(): { render: (user: CurrentUser) => void } {
  const area = document.getElementById('avatar-area')!;
  const menu = document.getElementById('avatar-menu')!;
  const orgs = document.getElementById('avatar-orgs')!; // role="group": its label, then one item per organisation
  const orgsLabel = orgs.firstElementChild!;
  const invitations = invitationsGroup(menu);
  const close = wireAvatarPopup(area, menu);

  document.getElementById('logout-button')!.addEventListener('click', () => logout());

  async function switchTo(orgId: string, current: boolean): Promise<void> {
    close(true);
    if (current) return;
    try {
      await selectOrganisation(orgId);
      location.reload();
    } catch (err) {
      showAlert('error', problemText(err, SOMETHING_WENT_WRONG));
    }
  }

  async function answer(invitation: PendingInvitation, accept: boolean): Promise<void> {
    close(true);
    const result = await answerInvitationFor(invitation, accept);
    const goHome = accept && result.user !== null && location.pathname !== '/';
    sayAnswer(result, { leaving: goHome });
    if (goHome) navigate('/');
  }

  function render(user: CurrentUser): void {
    showAvatarIn(document.getElementById('avatar-initials')!, user);
    document.getElementById('avatar-full-name')!.textContent = user.full_name;
    document.getElementById('avatar-email')!.textContent = user.email;
    renderInvitations(invitations, user.invitations, answer);
    // The switcher appears when there is something to switch to (or nothing chosen yet).
    const choices = user.available_orgs;
    orgs.hidden = choices.length === 0 || (choices.length === 1 && user.org !== null);
    orgs.replaceChildren(orgsLabel, ...choices.map((org) => organisationItem(org, org.id === user.org?.id, switchTo)));
    area.hidden = false;
  }

  return { render };
}

/** The avatar button opens and closes the popup (keys, a click elsewhere); gives the closing. */
function wireAvatarPopup(area: HTMLElement, menu: HTMLElement): (returnFocus: boolean) => void {
  const button = document.getElementById('avatar-button') as HTMLButtonElement;
  const popup = document.getElementById('avatar-popup')!;
  const items = () =>
    Array.from(menu.querySelectorAll<HTMLElement>('[role^="menuitem"]')).filter((el) => !el.closest('[hidden]'));

  function open(focus: MenuFocus): void {
    popup.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    const list = items();
    if (focus !== 'none') (focus === 'first' ? list[0] : list[list.length - 1])?.focus();
    document.addEventListener('pointerdown', onOutside, true);
  }

  function close(returnFocus: boolean): void {
    if (popup.hidden) return;
    popup.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    document.removeEventListener('pointerdown', onOutside, true);
    if (returnFocus) button.focus();
  }

  function onOutside(event: Event): void {
    if (!area.contains(event.target as Node)) close(false);
  }

  wireMenuOpener(button, { isOpen: () => !popup.hidden, open, close });
  menu.addEventListener('keydown', (event) => onMenuKey(event, items(), () => close(true)));
  return close;
}

type Answer = (invitation: PendingInvitation, accept: boolean) => Promise<void>;

/** The Invitations group: each pending invitation's organisation, with Accept and Decline. */
function renderInvitations(invitations: { group: HTMLElement; separator: HTMLElement }, pending: PendingInvitation[], answer: Answer): void {
  const [label] = invitations.group.children;
  invitations.group.hidden = pending.length === 0;
  invitations.separator.hidden = pending.length === 0;
  invitations.group.replaceChildren(
    label!,
    ...pending.flatMap((invitation) => {
      const name = document.createElement('p');
      name.className = 'menu-invitation-org';
      name.textContent = invitation.org_name;
      return [name, ...[true, false].map((accept) => answerItem(invitation, accept, answer))];
    }),
  );
}

function answerItem(invitation: PendingInvitation, accept: boolean, answer: Answer): HTMLButtonElement {
  const item = document.createElement('button');
  item.type = 'button';
  item.className = accept ? 'menu-item menu-answer accept' : 'menu-item menu-answer';
  item.setAttribute('role', 'menuitem');
  item.setAttribute('aria-label', answerLabel(accept, invitation.org_name));
  item.tabIndex = -1;
  item.textContent = accept ? 'Accept' : 'Decline';
  item.addEventListener('click', () => void answer(invitation, accept));
  return item;
}

/** One organisation of the switcher (menuitemradio, checked when it is the current one). */
function organisationItem(
  org: CurrentUser['available_orgs'][number],
  current: boolean,
  switchTo: (orgId: string, current: boolean) => Promise<void>,
): HTMLButtonElement {
  const item = document.createElement('button');
  item.type = 'button';
  item.className = 'menu-item';
  item.setAttribute('role', 'menuitemradio');
  item.setAttribute('aria-checked', String(current));
  item.tabIndex = -1;
  item.textContent = org.name;
  item.addEventListener('click', () => void switchTo(org.id, current));
  return item;
}

/** The menu's first group, 'Invitations' (made here: the layout's menu holds what every user has), and its separator. */
function invitationsGroup(menu: HTMLElement): { group: HTMLElement; separator: HTMLElement } {
  const group = document.createElement('div');
  group.id = 'avatar-invitations';
  group.className = 'menu-invitations';
  group.setAttribute('role', 'group');
  group.setAttribute('aria-labelledby', 'avatar-invitations-label');
  group.hidden = true;
  const label = document.createElement('p');
  label.className = 'menu-label';
  label.id = 'avatar-invitations-label';
  label.textContent = 'Invitations';
  group.append(label);
  const separator = document.createElement('div');
  separator.setAttribute('role', 'separator');
  separator.className = 'menu-separator';
  separator.hidden = true;
  menu.prepend(group, separator);
  return { group, separator };
}
