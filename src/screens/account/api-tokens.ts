/**
 * Account Settings' API Tokens (issue #34): the user's tokens (THE list, ./api-token-list.ts) and New API
 * Token — a name, one of the user's organisations, a scope (Read only, Read and write) and an optional
 * expiry date (the end of that day, here) — after which the same dialog shows the token ONCE, with Copy.
 */
import type { PageReadName } from '../../shared/page-data.ts';
import type { CreateApiTokenBody } from '../../shared/api/api-tokens.ts';
import type { CurrentUser } from '../../shared/api/accounts.ts';
import { api, problemText, SOMETHING_WENT_WRONG } from '../../client/api.ts';
import { openModal } from '../../client/dom.ts';
import { drawTokenList } from './api-token-list.ts';

const NO_TOKENS = 'No API tokens yet.';
const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** The expiry a date field means: the end of that day in the browser's time zone, or null when empty. */
export function expiryOfDate(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
}

/** Today as a date field's value (its `min`). */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** The card's read, exactly as Account Settings' first read names it ('auth/api-tokens': src/shared/page-data-reads.ts). */
export const ownApiTokensRead = (pageRead?: PageReadName) => api.auth.apiTokens(pageRead);

export function mountApiTokens(user: CurrentUser): void {
  const status = byId('api-tokens-status');
  const opener = byId<HTMLButtonElement>('api-token-new');
  const listOptions = {
    list: byId('api-tokens-list'),
    status,
    empty: NO_TOKENS,
    owner: false,
    revoke: (token: { id: string }) => api.auth.revokeApiToken(token.id),
    fallbackFocus: opener,
  };

  /** `pageRead`: the page's first load (its page data names it `apiTokens`); a reload after a change asks the network. */
  async function load(pageRead?: PageReadName): Promise<void> {
    status.textContent = 'Loading…';
    try {
      drawTokenList((await ownApiTokensRead(pageRead)).results, listOptions);
    } catch (err) {
      status.textContent = problemText(err, SOMETHING_WENT_WRONG);
    }
  }
  void load('apiTokens');
  mountNewTokenDialog(user, opener, () => load());
}

/** The New API Token dialog's parts in the page (src/pages/account-settings.astro). */
function newTokenParts() {
  return {
    dialog: byId<HTMLDialogElement>('api-token-dialog'),
    form: byId<HTMLFormElement>('api-token-form'),
    orgSelect: byId<HTMLSelectElement>('api-token-org'),
    expiry: byId<HTMLInputElement>('api-token-expiry'),
    error: byId('api-token-error'),
    create: byId<HTMLButtonElement>('api-token-create'),
    created: byId('api-token-created'),
    secret: byId('api-token-secret'),
    copy: byId<HTMLButtonElement>('api-token-copy'),
    copyStatus: byId('api-token-copy-status'),
  };
}
type NewTokenParts = ReturnType<typeof newTokenParts>;

/** New API Token: the form, then the token shown once with Copy; `reload` reads the list again. */
function mountNewTokenDialog(user: CurrentUser, opener: HTMLButtonElement, reload: () => Promise<void>): void {
  const parts = newTokenParts();
  const { dialog, form, secret, copy, copyStatus } = parts;
  opener.disabled = user.available_orgs.length === 0;
  opener.addEventListener('click', () => {
    resetNewTokenForm(parts, user);
    openModal(dialog, opener);
  });

  // The secret leaves the page with the dialog: it is shown once.
  dialog.addEventListener('close', () => {
    secret.textContent = '';
  });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void createToken(parts, reload);
  });

  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(secret.textContent ?? '');
      copyStatus.textContent = 'Copied.';
    } catch {
      copyStatus.textContent = 'Could not copy: select the token and copy it yourself.';
    }
  });
}

/** The form as new: the user's organisations (the current one chosen), expiry from today, no token shown. */
function resetNewTokenForm(parts: NewTokenParts, user: CurrentUser): void {
  parts.form.reset();
  parts.orgSelect.replaceChildren(
    ...user.available_orgs.map((org) => {
      const option = document.createElement('option');
      option.value = org.id;
      option.textContent = org.name;
      option.selected = org.id === user.org?.id;
      return option;
    }),
  );
  parts.expiry.min = today();
  parts.error.hidden = true;
  parts.create.disabled = false;
  parts.form.hidden = false;
  parts.created.hidden = true;
  parts.secret.textContent = '';
  parts.copyStatus.textContent = '';
}

async function createToken(parts: NewTokenParts, reload: () => Promise<void>): Promise<void> {
  const { form, create, error } = parts;
  if (!form.reportValidity()) return;
  const fields = new FormData(form);
  const body: CreateApiTokenBody = {
    name: String(fields.get('name') ?? '').trim(),
    organization_id: String(fields.get('organization_id') ?? ''),
    scope: fields.get('scope') === 'read-write' ? 'read-write' : 'read',
    expires_at: expiryOfDate(String(fields.get('expires') ?? '')),
  };
  create.disabled = true;
  error.hidden = true;
  try {
    const made = await api.auth.createApiToken(body);
    parts.secret.textContent = made.token;
    form.hidden = true;
    parts.created.hidden = false;
    parts.copy.focus();
    void reload();
  } catch (err) {
    error.textContent = problemText(err, SOMETHING_WENT_WRONG);
    error.hidden = false;
    create.disabled = false;
  }
}
