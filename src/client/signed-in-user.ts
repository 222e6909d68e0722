/**
 * The signed-in user of this page, for the layout and the page modules alike. The first caller runs the
 * page's guard (from <body data-guard>); every caller gets the same promise. When the user is loaded,
 * `rb:user` is dispatched once on document with the CurrentUser as detail, for code that cannot import
 * this module (late listeners should use the promise: the event is not repeated).
 */
import type { Guard } from '../routes.ts';
import type { CurrentUser } from '../shared/api/accounts.ts';
import { guardPage } from './guards.ts';

declare global {
  interface DocumentEventMap {
    'rb:user': CustomEvent<CurrentUser>;
  }
}

let ready: Promise<CurrentUser> | undefined;

/** Resolves with the signed-in user; never resolves while the page is being left (sign-in, /). */
export function signedInUser(): Promise<CurrentUser> {
  ready ??= guardPage((document.body.dataset.guard as Guard | undefined) ?? 'signed-in').then((user) => {
    // A public guard answers null: the signed-in layout never sits on a public shell.
    if (!user) return new Promise<never>(() => undefined);
    document.dispatchEvent(new CustomEvent('rb:user', { detail: user }));
    return user;
  });
  return ready;
}
