/**
 * Account Settings' API Tokens (issue #34): the user's tokens (THE list, ./api-token-list.ts) and New API
 * Token — a name, one of the user's organisations, a scope (Read only, Read and write) and an optional
 * expiry date (the end of that day, here) — after which the same dialog shows the token ONCE, with Copy.
 */
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
export const ownApiTokensRead = () => api.auth.apiTokens();

export function mountApiTokens(user: CurrentUser): void {
  const list = byId('api-tokens-list');
  const status = byId('api-tokens-status');
  const opener = byId<HTMLButtonElement>('api-token-new');
  const listOptions = {
    list,
    status,
    empty: NO_TOKENS,
    owner: false,
    revoke: (token: { id: string }) => api.auth.revokeApiToken(token.id),
    fallbackFocus: opener,
  };

  async function load(): Promise<void> {
    status.textContent = 'Loading…';
    try {
      drawTokenList((await ownApiTokensRead()).results, listOptions);
    } catch (err) {
      status.textContent = problemText(err, SOMETHING_WENT_WRONG);
    }
  }
  void load();

  const dialog = byId<HTMLDialogElement>('api-token-dialog');
  const form = byId<HTMLFormElement>('api-token-form');
  const orgSelect = byId<HTMLSelectElement>('api-token-org');
  const expiry = byId<HTMLInputElement>('api-token-expiry');
  const error = byId('api-token-error');
  const create = byId<HTMLButtonElement>('api-token-create');
  const created = byId('api-token-created');
  const secret = byId('api-token-secret');
  const copy = byId<HTMLButtonElement>('api-token-copy');
  const copyStatus = byId('api-token-copy-status');

  opener.disabled = user.available_orgs.length === 0;
  opener.addEventListener('click', () => {
    form.reset();
    orgSelect.replaceChildren(
      ...user.available_orgs.map((org) => {
        const option = document.createElement('option');
        option.value = org.id;
        option.textContent = org.name;
        option.selected = org.id === user.org?.id;
        return option;
      }),
    );
    expiry.min = today();
    error.hidden = true;
    create.disabled = false;
    form.hidden = false;
    created.hidden = true;
    secret.textContent = '';
    copyStatus.textContent = '';
    openModal(dialog, opener);
  });

  // The secret leaves the page with the dialog: it is shown once.
  dialog.addEventListener('close', () => {
    secret.textContent = '';
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
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
      secret.textContent = made.token;
      form.hidden = true;
      created.hidden = false;
      copy.focus();
      void load();
    } catch (err) {
      error.textContent = problemText(err, SOMETHING_WENT_WRONG);
      error.hidden = false;
      create.disabled = false;
    }
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
