/**
 * Admin → Single Sign-On (/admin/sso; issue #48, docs/sso.md): reads the connection (404: none yet), the
 * roles and the org admins, fills the form, saves it with `PUT sso/connection` (the secret sent only when
 * typed: left empty, the saved one stays; it is never shown again), disconnects with `DELETE` after THE dialog. Test
 * connection opens `/auth/sso/start?test=1` in a new tab, which reports what the provider returned.
 */
import { ApiError, api, problemText } from '../../client/api.ts';
import { openModal } from '../../client/dom.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import type { SsoConnection, SsoConnectionBody } from '../../shared/api/sso.ts';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** The connection, or null while there is none. */
const connectionOrNone = () => api.sso.get('sso').catch((err: unknown) => (err instanceof ApiError && err.status === 404 ? null : Promise.reject(err)));

/** The page's reads on load, sent early by the page's HTML (src/shared/page-data-reads.ts): keep them the same. */
export const ssoReads = () =>
  Promise.all([connectionOrNone(), api.roles.list({ skip: 0, limit: 100 }, 'roles'), api.users.list({ ordering: ['-is_org_admin', 'username'], skip: 0, limit: 100 }, 'ssoAdmins')]);

/** The domains as typed ("a.com, b.com" or one per line) → the list the API takes. */
export function domainsOf(typed: string): string[] {
  return typed
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);
}

function showConnection(connection: SsoConnection | null): void {
  byId<HTMLElement>('sso-addresses').hidden = !connection;
  byId<HTMLElement>('sso-test').hidden = !connection;
  byId<HTMLElement>('sso-delete').hidden = !connection;
  byId<HTMLInputElement>('sso-client-secret').placeholder = connection ? 'Saved — leave empty to keep it' : '';
  if (!connection) return;
  byId<HTMLInputElement>('sso-issuer').value = connection.issuer;
  byId<HTMLInputElement>('sso-client-id').value = connection.client_id;
  byId<HTMLInputElement>('sso-domains').value = connection.domains.join(', ');
  byId<HTMLSelectElement>('sso-role').value = connection.default_role_id ?? '';
  byId<HTMLInputElement>('sso-required').checked = connection.required;
  for (const box of document.querySelectorAll<HTMLInputElement>('[name="break_glass"]')) box.checked = connection.break_glass_user_ids.includes(box.value);
  byId<HTMLElement>('sso-redirect-uri').textContent = connection.redirect_uri;
  byId<HTMLElement>('sso-logout-uri').textContent = connection.backchannel_logout_uri;
}

function bodyOfForm(): SsoConnectionBody {
  const secret = byId<HTMLInputElement>('sso-client-secret').value;
  return {
    issuer: byId<HTMLInputElement>('sso-issuer').value.trim(),
    client_id: byId<HTMLInputElement>('sso-client-id').value.trim(),
    ...(secret ? { client_secret: secret } : {}),
    domains: domainsOf(byId<HTMLInputElement>('sso-domains').value),
    default_role_id: byId<HTMLSelectElement>('sso-role').value || null,
    required: byId<HTMLInputElement>('sso-required').checked,
    break_glass_user_ids: [...document.querySelectorAll<HTMLInputElement>('[name="break_glass"]:checked')].map((box) => box.value),
  };
}

function fillChoices(roles: { id: string; name: string }[], admins: { id: string; name: string }[]): void {
  const select = byId<HTMLSelectElement>('sso-role');
  for (const role of roles) select.append(new Option(role.name, role.id));
  const fieldset = byId<HTMLFieldSetElement>('sso-break-glass');
  for (const admin of admins) {
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.name = 'break_glass';
    box.value = admin.id;
    label.append(box, ` ${admin.name}`);
    fieldset.append(label);
  }
}

/** THE dialog before disconnecting (the page's <Dialog>): DELETE sso/connection on its Disconnect; a refusal stays in it. */
function askToDisconnect(opener: HTMLElement, done: () => void): void {
  const dialog = byId<HTMLDialogElement>('sso-disconnect-dialog');
  const error = byId<HTMLElement>('sso-disconnect-error');
  const confirm = byId<HTMLButtonElement>('sso-disconnect-confirm');
  error.hidden = true;
  confirm.disabled = false;
  confirm.onclick = async () => {
    confirm.disabled = true;
    try {
      await api.sso.remove();
      dialog.close();
      done();
    } catch (err) {
      error.textContent = problemText(err, 'The connection could not be removed.');
      error.hidden = false;
      confirm.disabled = false;
    }
  };
  openModal(dialog, opener);
}

export async function mountSsoPage(): Promise<void> {
  const error = byId<HTMLElement>('sso-error');
  const status = byId<HTMLElement>('sso-status');
  const save = byId<HTMLButtonElement>('sso-save');
  try {
    const { data } = await signedInPage(ssoReads);
    const [connection, roles, users] = data;
    const admins = users.results.filter((u) => u.is_org_admin).map((u) => ({ id: u.id, name: `${u.user_account.full_name} (${u.user_account.username})` }));
    fillChoices(roles.results, admins);
    showConnection(connection);
  } catch (err) {
    error.textContent = problemText(err, 'Single sign-on could not be loaded.');
    return;
  }
  byId<HTMLFormElement>('sso-form').addEventListener('submit', (event) => {
    event.preventDefault();
    save.disabled = true;
    error.textContent = '';
    status.textContent = '';
    api.sso
      .save(bodyOfForm())
      .then((saved) => {
        byId<HTMLInputElement>('sso-client-secret').value = '';
        showConnection(saved);
        status.textContent = 'Saved.';
      })
      .catch((err: unknown) => (error.textContent = problemText(err, 'The connection could not be saved.')))
      .finally(() => (save.disabled = false));
  });
  const disconnect = byId<HTMLButtonElement>('sso-delete');
  disconnect.addEventListener('click', () => askToDisconnect(disconnect, () => {
    showConnection(null);
    status.textContent = 'Disconnected.';
  }));
  save.disabled = false;
}
