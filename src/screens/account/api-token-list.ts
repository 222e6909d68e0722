/**
 * THE list of personal API tokens (issue #34), shared by Account Settings (the user's own) and
 * /admin/api-tokens (the organisation's members'): each token's name, scope, organisation (or owner),
 * created, expiry and last use, and Revoke — asked again in the page's confirm dialog
 * (`#api-token-revoke-dialog`, the house's light dialog) before it is done.
 */
import type { ApiToken, MemberApiToken } from '../../shared/api/api-tokens.ts';
import { API_TOKEN_SCOPE_WORDS } from '../../shared/api/api-tokens.ts';
import { problemText, SOMETHING_WENT_WRONG } from '../../client/api.ts';
import { openModal } from '../../client/dom.ts';
import { showAlert } from '../../client/stores/alerts.ts';
import { formatDateTime, timeElement } from '../../client/time-format.ts';

/** A fact with an optional time: `['Expires ', iso]` draws 'Expires' and the date. */
export type Fact = { text: string } | { text: string; iso: string; withTime: boolean };

/** What the list says of one token (pure): its lines of facts. `owner` (the admin page) names its user. */
export function tokenFacts(token: ApiToken | MemberApiToken, now: Date, owner: boolean): Fact[][] {
  const where: Fact[] =
    owner && 'user' in token ? [{ text: `${token.user.full_name} (${token.user.username})` }] : [{ text: token.organization.name }];
  const expiry: Fact =
    token.expires_at === null
      ? { text: 'Never expires' }
      : new Date(token.expires_at).getTime() <= now.getTime()
        ? { text: 'Expired ', iso: token.expires_at, withTime: false }
        : { text: 'Expires ', iso: token.expires_at, withTime: false };
  const used: Fact = token.last_used_at === null ? { text: 'Never used' } : { text: 'Last used ', iso: token.last_used_at, withTime: true };
  return [
    [...where, { text: ' · Created ', iso: token.created_at, withTime: false }],
    [expiry, { text: ' · ' }, used],
  ];
}

function drawFacts(facts: Fact[]): (Node | string)[] {
  return facts.flatMap((fact) =>
    'iso' in fact ? [fact.text, timeElement(fact.iso, formatDateTime(fact.iso))] : [fact.text],
  );
}

export interface TokenListOptions {
  list: HTMLElement;
  status: HTMLElement;
  /** The words when there is no token. */
  empty: string;
  /** The admin page: name each token's owner rather than its organisation. */
  owner: boolean;
  revoke: (token: ApiToken) => Promise<void>;
  /** What takes the focus when the last token is revoked. */
  fallbackFocus: HTMLElement | null;
}

/** The confirm dialog of the page: Revoke 'name'?, Cancel / Revoke. */
function confirmRevoke(token: ApiToken, opener: HTMLElement, revoke: () => Promise<void>): void {
  const dialog = document.getElementById('api-token-revoke-dialog') as HTMLDialogElement;
  const text = document.getElementById('api-token-revoke-text')!;
  const error = document.getElementById('api-token-revoke-error')!;
  const confirm = document.getElementById('api-token-revoke-confirm') as HTMLButtonElement;
  text.textContent = `Revoke the API token “${token.name}”? Whatever uses it stops working at once.`;
  error.hidden = true;
  confirm.disabled = false;
  confirm.onclick = async () => {
    confirm.disabled = true;
    try {
      await revoke();
      dialog.close();
    } catch (err) {
      error.textContent = problemText(err, SOMETHING_WENT_WRONG);
      error.hidden = false;
      confirm.disabled = false;
    }
  };
  openModal(dialog, opener);
}

/** Draws `tokens` into the list, each with Revoke; a revoked token leaves the list. */
export function drawTokenList(tokens: ApiToken[], options: TokenListOptions): void {
  const { list, status, empty } = options;
  status.textContent = tokens.length === 0 ? empty : '';
  list.replaceChildren(
    ...tokens.map((token) => {
      const item = document.createElement('li');
      item.className = 'api-token';
      item.dataset.tokenId = token.id;
      const about = document.createElement('div');
      const name = document.createElement('p');
      name.className = 'api-token-name';
      const scope = document.createElement('span');
      scope.className = 'api-token-scope';
      scope.textContent = API_TOKEN_SCOPE_WORDS[token.scope];
      name.append(token.name, ' ', scope);
      about.append(
        name,
        ...tokenFacts(token, new Date(), options.owner).map((line) => {
          const p = document.createElement('p');
          p.className = 'api-token-meta';
          p.append(...drawFacts(line));
          return p;
        }),
      );
      const revoke = document.createElement('button');
      revoke.type = 'button';
      revoke.className = 'button secondary';
      revoke.setAttribute('aria-haspopup', 'dialog');
      revoke.append('Revoke');
      const hidden = document.createElement('span');
      hidden.className = 'visually-hidden';
      hidden.textContent = ` ${token.name}`;
      revoke.append(hidden);
      revoke.addEventListener('click', () =>
        confirmRevoke(token, revoke, async () => {
          await options.revoke(token);
          const next = item.nextElementSibling?.querySelector('button') ?? item.previousElementSibling?.querySelector('button');
          item.remove();
          if (list.children.length === 0) status.textContent = empty;
          showAlert('success', `API Token: ${token.name} Revoked`);
          // The dialog gives the focus back to its opener, which is gone: the next Revoke (or the list's section) takes it.
          const dialog = document.getElementById('api-token-revoke-dialog');
          dialog?.addEventListener('close', () => (next ?? options.fallbackFocus)?.focus(), { once: true });
        }),
      );
      item.append(about, revoke);
      return item;
    }),
  );
}
