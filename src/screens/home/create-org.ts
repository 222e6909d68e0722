/**
 * The create-organisation form (home with no organisation, /admin/create-org): one name field that
 * must not be empty; Create posts it (the creator becomes its org admin, it becomes current, the
 * trial starts) and hands the reloaded user on.
 */
import type { CurrentUser } from '../../shared/api/accounts.ts';
import { problemText, SOMETHING_WENT_WRONG } from '../../client/api.ts';
import { signedInUser } from '../../client/signed-in-user.ts';
import { navigate } from '../../client/navigation.ts';
import { createOrganisation } from '../../client/stores/session.ts';

export function mountCreateOrganisationForm(form: HTMLFormElement, onCreated: (user: CurrentUser) => void): void {
  const name = form.elements.namedItem('name') as HTMLInputElement;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const error = form.querySelector<HTMLElement>('[data-error]')!;
  let sending = false;
  const update = () => (submit.disabled = sending || name.value.trim() === '');

  name.addEventListener('input', update);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (sending || name.value.trim() === '') return;
    sending = true;
    update();
    error.hidden = true;
    try {
      onCreated(await createOrganisation(name.value.trim()));
    } catch (err) {
      error.textContent = problemText(err, SOMETHING_WENT_WRONG);
      error.hidden = false;
    } finally {
      sending = false;
      update();
    }
  });
  update();
}

/** /admin/create-org: the form alone; the new organisation opens on the dashboard. */
export async function mountCreateOrgPage(): Promise<void> {
  await signedInUser();
  mountCreateOrganisationForm(document.getElementById('create-org-form') as HTMLFormElement, () => navigate('/'));
}
