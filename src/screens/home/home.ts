/**
 * Home (/), in three modes (spec accounts §2 Home): a stored invitation id sends the user to it;
 * with no current organisation the user picks one of theirs, or creates one when there are none;
 * otherwise the dashboard. Its panels (checklists in progress, assignments, favourites, recent
 * activity) arrive with their issues; for now it welcomes the user to the organisation.
 */
import type { CurrentUser } from '../../shared/api/accounts.ts';
import { signedInUser } from '../../client/signed-in-user.ts';
import { formatDate, timeElement } from '../../client/time-format.ts';
import { navigate } from '../../client/navigation.ts';
import { showAlert } from '../../client/stores/alerts.ts';
import { selectOrganisation } from '../../client/stores/session.ts';
import { readSession, sessionKeys } from '../../client/storage.ts';
import { mountCreateOrganisationForm } from './create-org.ts';

type Mode = 'picker' | 'create' | 'dashboard';

export function homeMode(user: Pick<CurrentUser, 'org' | 'available_orgs'>): Mode {
  if (user.org) return 'dashboard';
  return user.available_orgs.length > 0 ? 'picker' : 'create';
}

export async function mountHome(): Promise<void> {
  const user = await signedInUser();
  const invitation = readSession(sessionKeys.inviteId);
  if (invitation) {
    navigate(`/invitation/${encodeURIComponent(invitation)}`, { replace: true });
    return;
  }
  mountCreateOrganisationForm(document.getElementById('create-org-form') as HTMLFormElement, (u) => show(u, true));
  show(user, false);
}

/** Shows the mode of `user`; after a change inside the page (chosen or created) focus goes to its heading. */
function show(user: CurrentUser, moveFocus: boolean): void {
  const mode = homeMode(user);
  for (const m of ['picker', 'create', 'dashboard'] as const) document.getElementById(`home-${m}`)!.hidden = m !== mode;
  if (mode === 'picker') showPicker(user);
  if (mode === 'dashboard') showDashboard(user);
  showInvitations(mode === 'dashboard' ? [] : user.invitations);
  if (moveFocus) document.querySelector<HTMLElement>(`#home-${mode} h1`)?.focus();
}

function showPicker(user: CurrentUser): void {
  const list = document.getElementById('home-org-list')!;
  list.replaceChildren(
    ...user.available_orgs.map((org) => {
      const item = document.createElement('li');
      const choose = document.createElement('button');
      choose.type = 'button';
      choose.className = 'button secondary org-choice';
      choose.textContent = org.name;
      choose.addEventListener('click', async () => {
        for (const b of list.querySelectorAll('button')) b.disabled = true;
        try {
          show(await selectOrganisation(org.id), true);
        } catch (err) {
          showAlert('error', err instanceof Error ? err.message : String(err));
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
  document.getElementById('welcome-org')!.textContent = org.name;
  const trial = document.getElementById('welcome-trial')!;
  trial.hidden = !org.trial_ends_at;
  if (org.trial_ends_at) {
    const ended = new Date(org.trial_ends_at).getTime() <= Date.now();
    trial.replaceChildren(
      ended ? 'Your free trial ended on ' : 'Your free trial ends on ',
      timeElement(org.trial_ends_at, formatDate(org.trial_ends_at)),
      '.',
    );
  }
}

/** Invitations waiting for a user who has not chosen an organisation yet. */
function showInvitations(invitations: CurrentUser['invitations']): void {
  const section = document.getElementById('home-invitations')!;
  section.hidden = invitations.length === 0;
  document.getElementById('home-invitation-list')!.replaceChildren(
    ...invitations.map((invitation) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = `/invitation/${encodeURIComponent(invitation.id)}`;
      link.textContent = invitation.org_name;
      item.append(link);
      return item;
    }),
  );
}
