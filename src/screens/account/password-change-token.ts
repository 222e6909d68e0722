/**
 * Whether a refused sign-in or activation is the server asking for the person's own password (403
 * 'Choose your own password to continue' with a `password_change_token`; docs/admin-area.md "Passwords
 * an admin chooses"). Apart from the step itself (new-password.ts), so the sign-in page can tell at once
 * and load the step's code only when it is needed (issue #31: less to fetch and run before the form).
 */
import { NEW_PASSWORD_NEEDED, type NewPasswordNeeded } from '../../shared/api/accounts-new-password.ts';
import { ApiError } from '../../client/api.ts';

/** The token of the next step when `err` is the server asking for the person's own password; else undefined. */
export function passwordChangeTokenOf(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status !== 403 || err.detail !== NEW_PASSWORD_NEEDED) return undefined;
  const token: unknown = (err.body as Partial<NewPasswordNeeded> | undefined)?.password_change_token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}
