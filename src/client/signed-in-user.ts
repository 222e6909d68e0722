/**
 * The signed-in user of this page, for the layout and the page modules alike, and the page's first reads
 * beside it. The first caller runs the page's guard (from <body data-guard>); every caller gets the same
 * promise.
 *
 * Every signed-in page paints after one API level: its page module calls `signedInPage(read)` at import
 * time, so its data requests leave together with `auth/me` instead of after its answer (each level costs
 * a whole round trip on a slow phone network), and the page renders when both are in.
 */
import type { Guard } from '../routes.ts';
import type { CurrentUser } from '../shared/api/accounts.ts';
import { afterPaint } from './dom.ts';
import { guardPage, guardRedirect } from './guards.ts';

let ready: Promise<CurrentUser> | undefined;
/** The reads the page started beside auth/me (`signedInPage`), which its first paint waits for. */
const pageReads: Promise<unknown>[] = [];
/** How long the chrome waits at most for the page's reads before it mounts anyway (a slow read, a large grid). */
const PAGE_READS_WAIT_MS = 1000;

const pageGuard = (): Guard => (document.body.dataset.guard as Guard | undefined) ?? 'signed-in';
const never = <T>() => new Promise<T>(() => undefined);

/** Resolves with the signed-in user; never resolves while the page is being left (sign-in, /). */
export function signedInUser(): Promise<CurrentUser> {
  ready ??= guardPage(pageGuard()).then((user) => {
    // A public guard answers null: the one public shell in the signed-in layout (not-found) switches its
    // guard to signed-in before asking when there is a stored login (signed-in-chrome.ts), so never here.
    if (!user) return never<CurrentUser>();
    return user;
  });
  return ready;
}

/**
 * The user and the page's data, asked for together: `read` starts now, beside `auth/me`, never after it.
 * A visitor the stored state already sends away (signed out; a non-admin on an admin page) makes no
 * request at all. A failed read is reported only once the user is known — so a refused token signs out
 * (the session store) instead of showing the page's error — and never while the page is being left.
 */
export async function signedInPage<T>(read: () => Promise<T>): Promise<{ user: CurrentUser; data: T }> {
  const user = signedInUser();
  if (guardRedirect(pageGuard())) return never();
  const data = read();
  data.catch(() => undefined); // handled below, once the user is in
  pageReads.push(data);
  return { user: await user, data: await data };
}

/**
 * Resolves once the page has painted what it read first: the user is in, the reads the page started
 * beside auth/me have settled (a second at most) and a frame has followed. The chrome waits for it with
 * its menus and its own reads (src/screens/chrome/signed-in-chrome.ts), so on a slow phone the page's
 * content gets the main thread first: at 4× CPU the chrome costs about 60 ms before it. Never resolves
 * while the page is being left.
 */
export async function afterPageRead(): Promise<void> {
  await signedInUser();
  // The page modules run after the layout's, before auth/me can have answered: their reads are all in by now.
  await Promise.race([Promise.allSettled(pageReads), new Promise((resolve) => setTimeout(resolve, PAGE_READS_WAIT_MS))]);
  await afterPaint();
}
