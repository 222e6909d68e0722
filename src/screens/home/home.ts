/**
 * Home (/), in three modes (spec accounts §2 Home): a stored invitation id sends the user to it;
 * with no current organisation the user picks one of theirs, or creates one when there are none;
 * otherwise the dashboard (./dashboard.ts: checklists in progress, assignments to claim, favourites,
 * recent activity — its reads leave beside auth/me through `signedInPage`).
 *
 * In every mode the user's pending invitations (auth/me's `invitations`: no read of its own) are listed
 * with Accept and Decline; accepting switches to the organisation in place. The page follows $user, so
 * an answer given in the avatar menu shows here too.
 */
import type { CurrentUser, PendingInvitation } from '../../shared/api/accounts.ts';
import { problemText, SOMETHING_WENT_WRONG } from '../../client/api.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { formatDateTime } from '../../client/time-format.ts';
import { welcomeOrgMarkup, welcomeTrialMarkup } from '../../shared/first-paint/welcome.ts';
import { morphInto } from '../../../elements/shared/morph.ts';
import { navigate } from '../../client/navigation.ts';
import { showAlert } from '../../client/stores/alerts.ts';
import { $user, selectOrganisation } from '../../client/stores/session.ts';
import { readSession, sessionKeys } from '../../client/storage.ts';
import { answerInvitationFor, sayAnswer } from '../account/answer-invitation.ts';
import { homeInvitationsMarkup } from '../../shared/first-paint/invitations.ts';
import { mountCreateOrganisationForm } from './create-org.ts';
import { showCreateIntro } from './create-intro.ts';
import { dashboardReads, readDashboard, showDashboardPanels, type DashboardReads } from './dashboard.ts';

type Mode = 'picker' | 'create' | 'dashboard';

export function homeMode(user: Pick<CurrentUser, 'org' | 'available_orgs'>): Mode {
  if (user.org) return 'dashboard';
  return user.available_orgs.length > 0 ? 'picker' : 'create';
}

/** The dashboard's reads and the organisation they were made in (another organisation reads again). */
let loaded: { orgId: string; reads: DashboardReads } | undefined;
/** The reads sent with the page, for the organisation current then (none in the picker and create modes). */
let pageReads: { orgId: string | undefined; reads: DashboardReads } | undefined;

export async function mountHome(): Promise<void> {
  const { user, data } = await signedInPage(dashboardReads);
  pageReads = { orgId: user.org?.id, reads: data };
  const invitation = readSession(sessionKeys.inviteId);
  if (invitation) {
    navigate(`/invitation/${encodeURIComponent(invitation)}`, { replace: true });
    return;
  }
  mountCreateOrganisationForm(document.getElementById('create-org-form') as HTMLFormElement, (u) => show(u, 'heading'));
  show(user);
  // Changes made elsewhere on the page (the avatar menu's Accept or Decline) show here too.
  $user.listen((u) => u && show(u));
}

/** Where the focus goes after a change made on this page: the mode's heading, or the invitations' heading. */
type Focus = 'none' | 'heading' | 'invitations';

/** Shows the mode of `user` and the invitations; after a change made on the page, `focus` says where focus goes. */
function show(user: CurrentUser, focus: Focus = 'none'): void {
  const mode = homeMode(user);
  for (const m of ['picker', 'create', 'dashboard'] as const) document.getElementById(`home-${m}`)!.hidden = m !== mode;
  if (mode === 'picker') showPicker(user);
  if (mode === 'create') showCreateIntro();
  if (mode === 'dashboard') showDashboard(user);
  showInvitations(user.invitations, mode);
  if (focus === 'invitations' && user.invitations.length > 0) document.getElementById('home-invitations-heading')!.focus();
  else if (focus !== 'none') document.querySelector<HTMLElement>(`#home-${mode} h1`)?.focus();
}

function showPicker(user: CurrentUser): void {
  const list = document.getElementById('home-org-list')!;
  list.replaceChildren(
    ...user.available_orgs.map((org) => {
      const item = document.createElement('li');
      const choose = document.createElement('button');
      choose.type = 'button';
      choose.className = 'org-choice';
      // A choice of organisations (issue #32): the name, and the user's role in it as the button's description.
      const name = document.createElement('span');
      name.className = 'org-choice-name';
      name.id = `org-choice-${org.id}`;
      name.textContent = org.name;
      const role = document.createElement('span');
      role.className = 'org-choice-role';
      role.id = `org-choice-${org.id}-role`;
      role.textContent = org.is_org_admin ? 'Organization Admin' : 'Member';
      choose.setAttribute('aria-labelledby', name.id);
      choose.setAttribute('aria-describedby', role.id);
      choose.append(name, role);
      choose.addEventListener('click', async () => {
        for (const b of list.querySelectorAll('button')) b.disabled = true;
        try {
          show(await selectOrganisation(org.id), 'heading');
        } catch (err) {
          showAlert('error', problemText(err, SOMETHING_WENT_WRONG));
          for (const b of list.querySelectorAll('button')) b.disabled = false;
        }
      });
      item.append(choose);
      return item;
    }),
  );
}

function showDashboard(user: CurrentUser): void {
  const org = user.org!;
  if (loaded?.orgId !== org.id) {
    // The first reads were made for the session's organisation; after a switch on this page, read again.
    const reads = !loaded && pageReads?.orgId === org.id ? pageReads.reads : readDashboard();
    loaded = { orgId: org.id, reads };
    showDashboardPanels(user, loaded.reads);
  }
  // THE welcome card's markup (src/shared/first-paint/welcome.ts), which the server may have written already:
  // drawn in place, so its nodes (the Billing link, focused or not) stay.
  morphInto(document.getElementById('welcome-org')!, welcomeOrgMarkup(org));
  const trial = document.getElementById('welcome-trial')!;
  const line = welcomeTrialMarkup(user, formatDateTime);
  morphInto(trial, line);
  trial.hidden = !line;
}

/** The invitations listed now (a button of the list is answered from here). */
let listed: PendingInvitation[] = [];

/**
 * The user's pending invitations, each with the organisation's name, Accept and Decline: on the dashboard
 * below the welcome (where the shell has them, and the server may have drawn them already), otherwise below
 * the picker or the create form. THE markup (src/shared/first-paint/invitations.ts), drawn in place.
 */
function showInvitations(invitations: PendingInvitation[], mode: ReturnType<typeof homeMode>): void {
  const section = document.getElementById('home-invitations')!;
  const anchor = mode === 'dashboard' ? document.getElementById('welcome')! : document.getElementById(`home-${mode}`)!;
  // Someone with no organisation who was invited sees the invitation first, above 'Create an
  // Organization' (issue #32): joining is what they came for.
  if (mode === 'create' && invitations.length > 0) {
    if (anchor.previousElementSibling !== section) anchor.before(section);
  } else if (anchor.nextElementSibling !== section) anchor.after(section);
  section.hidden = invitations.length === 0;
  listed = invitations;
  const list = document.getElementById('home-invitation-list')!;
  morphInto(list, homeInvitationsMarkup(invitations));
  if (list.dataset.listening !== undefined) return;
  list.dataset.listening = '';
  list.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>('button[data-accept]');
    const id = button?.closest<HTMLElement>('[data-invitation]')?.dataset.invitation;
    const invitation = listed.find((i) => i.id === id);
    if (button && invitation && !button.disabled) void answer(invitation, button.dataset.accept === 'true', list);
  });
}

async function answer(invitation: PendingInvitation, accept: boolean, list: HTMLElement): Promise<void> {
  const buttons = list.querySelectorAll('button');
  for (const b of buttons) b.disabled = true;
  const answered = await answerInvitationFor(invitation, accept);
  sayAnswer(answered);
  const user = answered.user;
  if (user) show(user, accept ? 'heading' : 'invitations');
  else for (const b of buttons) b.disabled = false;
}
