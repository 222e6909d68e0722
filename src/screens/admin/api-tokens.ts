/**
 * API Tokens (/admin/api-tokens, org admins; issue #34): every member's live personal API token of this
 * organisation — its name, scope, owner, created, expiry and last use — each revocable at once (THE list,
 * src/screens/account/api-token-list.ts, and its confirm dialog). The first page (100, newest first) is
 * this route's first read (src/shared/page-data-reads.ts); more come with Show More.
 */
import type { PageReadName } from '../../shared/page-data.ts';
import type { MemberApiToken } from '../../shared/api/api-tokens.ts';
import { api, problemText } from '../../client/api.ts';
import { signedInPage } from '../../client/signed-in-user.ts';
import { drawTokenList } from '../account/api-token-list.ts';

/** A page of the members' tokens; the first is the page's first read (`memberApiTokens` on its first load). */
export const API_TOKENS_PAGE = 100;
export const apiTokensRead = (skip = 0, pageRead?: PageReadName) => api.users.apiTokens({ skip, limit: API_TOKENS_PAGE }, pageRead);

const NO_TOKENS = 'No member of this organization has an API token.';

export async function mountApiTokensPage(): Promise<void> {
  const list = document.getElementById('api-tokens-list')!;
  const status = document.getElementById('api-tokens-status')!;
  const more = document.getElementById('api-tokens-more') as HTMLButtonElement;
  const total = document.getElementById('api-tokens-total')!;
  const tokens: MemberApiToken[] = [];
  let count = 0;
  const draw = () => {
    drawTokenList(tokens, {
      list,
      status,
      empty: NO_TOKENS,
      owner: true,
      revoke: async (token) => {
        await api.users.revokeApiToken(token.id);
        tokens.splice(tokens.findIndex((t) => t.id === token.id), 1);
        count -= 1;
        total.textContent = `API Tokens: ${count}`;
      },
      fallbackFocus: document.getElementById('api-tokens-heading'),
    });
    total.textContent = `API Tokens: ${count}`;
    more.hidden = tokens.length >= count;
  };
  try {
    const { data } = await signedInPage(() => apiTokensRead(0, 'memberApiTokens'));
    tokens.push(...data.results);
    count = data.total;
    draw();
  } catch (err) {
    status.textContent = problemText(err, 'The API tokens could not be loaded.');
  }
  more.addEventListener('click', async () => {
    more.disabled = true;
    try {
      const page = await apiTokensRead(tokens.length);
      tokens.push(...page.results);
      count = page.total;
      draw();
    } catch (err) {
      status.textContent = problemText(err, 'The API tokens could not be loaded.');
    } finally {
      more.disabled = false;
    }
  });
}
