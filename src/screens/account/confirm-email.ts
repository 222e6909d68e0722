/**
 * E-mail confirmation page (/confirm-email?token=…, issue 10): the link mailed to a new e-mail address.
 * It posts the token (no sign-in needed: the link is the proof) and says what became of it — 'Your
 * e-mail address is now {email}.' or 'Something went wrong: {detail}' (the server names an expired,
 * used or replaced link) — with the way on: Account Settings for a signed-in browser, else Log In.
 */
import { api, problemText } from '../../client/api.ts';
import { element } from '../../client/dom.ts';
import { hasLoginFlag } from '../../client/storage.ts';

export const confirmedText = (email: string): string => `Your e-mail address is now ${email}.`;
export const failedText = (detail: string): string => `Something went wrong: ${detail}`;
export const NO_TOKEN = 'This address has no confirmation token: open the link from the e-mail again.';

export async function confirmEmail(): Promise<void> {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const message = element('confirm-email-message');
  const text = token === '' ? NO_TOKEN : await confirm(token);
  element('confirm-email-loading').hidden = true;
  message.textContent = text;
  message.hidden = false;
  const next = element<HTMLAnchorElement>(hasLoginFlag() ? 'confirm-email-settings' : 'confirm-email-login');
  next.hidden = false;
  message.focus();
}

async function confirm(token: string): Promise<string> {
  try {
    return confirmedText((await api.auth.confirmEmail(token)).email);
  } catch (err) {
    return failedText(problemText(err, 'please try again'));
  }
}
