/**
 * THE readers of a page's first data (issue #42): for each API read a page's HTML answers (the addresses of
 * THE table's names, src/shared/page-data-reads.ts, and the reads a document page makes once its document is in), the
 * service its API route calls, called here directly — no in-process HTTP request — with what the route
 * would have: the address's path parameters (decoded) and its query (each key's values, checked by the
 * route's own schema), as the caller signed in ONCE for the page.
 *
 * A reader is keyed by its API route's path (`documentation/folders/:id`); who may call it is THE sign-in
 * table's chain of that path (api.ts ACCESS), checked here as the API checks it (auth/membership.ts
 * `memberOf`, the org admin check). So each answer is the API's, status and body: a refusal or an error of
 * the service is its problem details (a folder the caller may not Read: 404), and what failed otherwise
 * (a 5xx, an address no reader knows) is left out, for the page to ask itself.
 */
import { contentsQuery, mediaUrlsQuery, pageQuery } from '../../shared/api/documentation-schemas.ts';
import { listActivityQuery } from '../../shared/api/activity-schemas.ts';
import { listMemberApiTokensQuery } from '../../shared/api/api-tokens-schemas.ts';
import { listAssignmentsQuery } from '../../shared/api/assignments-schemas.ts';
import { notificationsQuery } from '../../shared/api/notifications-schemas.ts';
import { qrSheetQuery } from '../../shared/api/qr-labels-schemas.ts';
import { listRolesQuery } from '../../shared/api/roles.ts';
import { sheetDataQuery } from '../../shared/api/sheets-schemas.ts';
import { listUsersQuery } from '../../shared/api/users.ts';
import { listWebhookAttemptsQuery } from '../../shared/api/webhooks-schemas.ts';
import type { PageAnswer, PageAnswers, PageReadName, PageReads } from '../../shared/page-data.ts';
import { ACCESS } from '../api.ts';
import { chainOf, MEMBER, MEMBER_EVEN_IF_EXPIRED, ORG_ADMIN, patternOf, PUBLIC, SIGNED_IN, type Chain } from '../auth/access.ts';
import { signInSession } from '../auth/authenticate.ts';
import { memberOf, ORG_ADMINS_ONLY } from '../auth/membership.ts';
import { shareCallerOf } from '../auth/share-links.ts';
import type { Deps, Member, Membership, SessionCaller } from '../env.ts';
import { forbidden, HttpError } from '../errors.ts';
import { buildInfoOf } from '../routes/build-info.ts';
import { listActivity } from '../services/activity-log.ts';
import { listMemberApiTokens, listOwnApiTokens } from '../services/api-tokens.ts';
import { listAssignments } from '../services/assignments/assignments.ts';
import { listPlans } from '../services/billing/plans.ts';
import { readSharedChecklist } from '../services/checklists/shared-checklist.ts';
import { submittedRow } from '../services/checklists/submissions.ts';
import { mediaUrls } from '../services/checklists/uploads.ts';
import { currentUser } from '../services/current-user.ts';
import { documentHistory, getDocument, getDocumentVersion } from '../services/documentation/documents.ts';
import { folderContents, getFolder } from '../services/documentation/folders.ts';
import { qrSheetItems } from '../services/documentation/qr-labels/qr-sheet.ts';
import { firstSteps } from '../services/first-steps.ts';
import { mailFailures } from '../services/mail-failures.ts';
import { listFavourites } from '../services/notifications/marks.ts';
import { listNotifications } from '../services/notifications/panel.ts';
import { getRole, listRoles } from '../services/roles.ts';
import { getSsoConnection } from '../services/sso/connection.ts';
import { sheetData } from '../services/sheets/rows.ts';
import { getUser, listUsers } from '../services/users.ts';
import { getWebhook, listWebhookAttempts, listWebhooks } from '../services/webhooks/endpoints.ts';
import { logger } from '../operations/logger.ts';
import { check } from './body.ts';
import { problemOf } from './problem-types.ts';

/** What a reader is given: what its route would find in `c.var` and in its request. */
interface ReadContext {
  deps: Deps;
  caller: SessionCaller;
  /** The caller as a member (only for a read whose chain signs a member in). */
  member: Member;
  /** The path's parameters, decoded. */
  params: Readonly<Record<string, string>>;
  /** The query: every key as the list of its values (as `c.req.queries()`). */
  query: Readonly<Record<string, string[]>>;
}

type Reader = (r: ReadContext) => Promise<unknown> | unknown;

/**
 * Each read's reader, by its API route's path under /api/v1: what the route's handler does (src/server/
 * routes/*.ts). A literal path before a parameter's at the same place (`users/api-tokens` before `users/:id`).
 */
const READERS: Readonly<Record<string, Reader>> = {
  'auth/me': (r) => currentUser(r.deps, r.caller),
  'auth/api-tokens': (r) => listOwnApiTokens(r.deps.db, r.caller.user),
  'documentation/folders/:id': (r) => getFolder(r.deps, r.member, r.params.id!),
  'documentation/folders/:id/contents': (r) => folderContents(r.deps, r.member, r.params.id!, check(contentsQuery, r.query)),
  'documentation/folders/:id/qr-sheet': (r) => qrSheetItems(r.deps, r.member, r.params.id!, check(qrSheetQuery, r.query).subtree),
  'documentation/documents/documentdata/:id': (r) => submittedRow(r.deps, r.member, r.params.id!),
  'documentation/documents/:id': (r) => getDocument(r.deps, r.member, r.params.id!),
  'documentation/documents/:id/version/:version': (r) => getDocumentVersion(r.deps, r.member, r.params.id!, r.params.version!),
  'documentation/documents/:id/history': (r) => documentHistory(r.deps, r.member, r.params.id!, check(pageQuery, r.query)),
  'documentation/documents/:id/sheet-data': (r) => sheetData(r.deps, r.member, r.params.id!, check(sheetDataQuery, r.query)),
  'documentation/documents/:id/media-urls': async (r) => {
    const results = await mediaUrls(r.deps, r.member, r.params.id!, check(mediaUrlsQuery, r.query).upload_id);
    return { results, total: results.length };
  },
  'documentation/favorites': (r) => listFavourites(r.deps, r.member),
  'documentation/notifications': (r) => listNotifications(r.deps, r.member, check(notificationsQuery, r.query)),
  'workflow/assignments': (r) => listAssignments(r.deps, r.member, check(listAssignmentsQuery, r.query)),
  'workflow/first-steps': (r) => firstSteps(r.deps, r.member),
  roles: (r) => listRoles(r.deps, r.member, check(listRolesQuery, r.query)),
  'roles/:id': (r) => getRole(r.deps, r.member, r.params.id!),
  activity: (r) => listActivity(r.deps, r.member, check(listActivityQuery, r.query)),
  'users/api-tokens': (r) => listMemberApiTokens(r.deps.db, r.member, check(listMemberApiTokensQuery, r.query)),
  users: (r) => listUsers(r.deps, r.member, check(listUsersQuery, r.query)),
  'users/:id': (r) => getUser(r.deps, r.member, r.params.id!),
  '_build-info': (r) => buildInfoOf(r.deps.config),
  'settings/mail-failures': (r) => mailFailures(r.deps, r.member),
  webhooks: (r) => listWebhooks(r.deps, r.member),
  'webhooks/:id': (r) => getWebhook(r.deps, r.member, r.params.id!),
  'webhooks/:id/deliveries': (r) => listWebhookAttempts(r.deps, r.member, r.params.id!, check(listWebhookAttemptsQuery, r.query)),
  'sso/connection': (r) => getSsoConnection(r.deps, r.member),
  // Stripe down: the route's 503, which a page's data leaves out (the page asks itself).
  'billing/products': (r) => listPlans(r.deps),
};

/** The readers' paths as patterns (auth/access.ts `patternOf`), in the table's order. */
const PATTERNS = Object.entries(READERS).map(([path, read]) => ({ path, read, pattern: patternOf(path) }));

/** The reader of an address (relative to the API base) and what its route would be given; undefined for none. */
export function readerOf(address: string): { path: string; read: Reader; params: Record<string, string>; query: Record<string, string[]> } | undefined {
  const [path = '', search = ''] = address.split('?', 2);
  const found = PATTERNS.find((p) => p.pattern.test(path));
  if (!found) return undefined;
  const segments = path.split('/');
  const params: Record<string, string> = {};
  try {
    found.path.split('/').forEach((segment, i) => {
      if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(segments[i] ?? '');
    });
  } catch {
    return undefined; // a malformed escape: the page asks itself (and gets the API's answer to it)
  }
  const searchParams = new URLSearchParams(search);
  const query: Record<string, string[]> = {};
  for (const key of new Set(searchParams.keys())) query[key] = searchParams.getAll(key);
  return { path: found.path, read: found.read, params, query };
}

/** An answer as the API writes it: the value's JSON (c.json), or an error's problem details (http/error-handler.ts). */
async function answerOf(work: () => Promise<unknown> | unknown): Promise<PageAnswer | undefined> {
  try {
    return { status: 200, body: JSON.parse(JSON.stringify(await work())) as unknown };
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, body: JSON.parse(JSON.stringify(problemOf(error.status, error.detail, error.extra, error.type))) as unknown };
    // Anything else the API would answer 500 (logged there): left out, the page asks itself and meets it.
    logger().error({ err: error }, 'A page’s first read failed');
    return undefined;
  }
}

const NO_MEMBER = {} as Member;

/** The member a chain of ACCESS signs in (its refusal thrown as the API throws it); NO_MEMBER for a chain that signs none in. */
function memberOfChain(chain: Chain | undefined, deps: Deps, caller: SessionCaller, membership: Membership | null): Member {
  if (chain === PUBLIC || chain === SIGNED_IN) return NO_MEMBER;
  if (chain === MEMBER_EVEN_IF_EXPIRED) return memberOf(deps, caller, membership, false);
  if (chain !== MEMBER && chain !== ORG_ADMIN) throw new Error(`No page read for the chain of ${String(chain)}`);
  const member = memberOf(deps, caller, membership, true);
  if (chain === ORG_ADMIN && !member.isOrgAdmin) throw forbidden(ORG_ADMINS_ONLY);
  return member;
}

/** A signed-in page's caller: its answers to any of its reads (by name), made side by side. */
export interface PageReader {
  answer(reads: PageReads): Promise<PageAnswers>;
  /** The answer to one address (a read the first paint makes, not kept in the page data). */
  one(address: string): Promise<PageAnswer | undefined>;
}

/**
 * Signs the page's caller in ONCE, by the session cookie's token (as the API's `authenticate` signs a login
 * session's bearer token in); undefined when that session has ended (or the token is not a login's).
 */
export async function signInPage(deps: Deps, token: string): Promise<PageReader | undefined> {
  const signedIn = await signInSession(deps, token);
  if (!signedIn) return undefined;
  const { caller, membership } = signedIn;
  const answer = async (address: string): Promise<PageAnswer | undefined> => {
    const found = readerOf(address);
    if (!found) return undefined;
    // The chain of the address's own path, as the API's sign-in picks it (auth/access.ts `signIn`).
    const chain = chainOf(ACCESS, 'GET', `/${address.split('?', 1)[0]}`);
    return answerOf(() => found.read({ deps, caller, member: memberOfChain(chain, deps, caller, membership), params: found.params, query: found.query }));
  };
  return {
    async answer(reads) {
      const answers: PageAnswers = {};
      await Promise.all(
        Object.entries(reads).map(async ([name, address]) => {
          const made = await answer(address);
          if (made) answers[name as PageReadName] = made;
        }),
      );
      return answers;
    },
    one: answer,
  };
}

/** `GET share/checklist` with a share token: the link checked (auth/share-links.ts) and its checklist read, as the API does. */
export async function sharedChecklistAnswer(deps: Deps, token: string): Promise<PageAnswer | undefined> {
  return answerOf(async () => readSharedChecklist(deps, await shareCallerOf(deps, token)));
}
