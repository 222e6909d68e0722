/**
 * What every request handler can reach: the server's parts and, once the request middleware has run,
 * the caller (auth/authenticate.ts) and their checked membership of the current organisation
 * (auth/membership.ts) — resolved once per request, read from typed `c.var`. A share token's caller is
 * of another kind (`c.var.share`, auth/share-links.ts): no user, one checklist, the few calls of
 * routes/shared-checklist.ts.
 */
import type { Config } from './config.ts';
import type { Database } from './db/connection.ts';
import type { DocumentWithChain } from './db/documentation-tree.ts';
import type { CallerRows } from './db/queries/callers.ts';
import type { KeyInWork } from './db/queries/idempotency-keys.ts';
import type { apiTokens, loginSessions, users } from './db/schema.ts';
import type { MailQueue } from './mail/mail-queue.ts';
import type { Principal } from './permissions/resolve.ts';

/**
 * What the server asks of this process's webhook sender (services/webhooks/sender.ts `WebhookSender` is
 * one): named here, not imported, because the sender's own modules import this one.
 */
export interface Webhooks {
  /** Starts sending what is due, without waiting. */
  deliverSoon(): void;
  /** Sends what is due now, waiting for it (tests move the clock, then call it); how many were sent. */
  deliverDue(): Promise<number>;
  /** Resolves once what was asked is sent and logged. */
  idle(): Promise<void>;
}

export interface Deps {
  config: Config;
  db: Database;
  /** Mail: queued in the transaction of the change that causes it, delivered after the commit. */
  mail: MailQueue;
  /** Outgoing webhooks (issue #34): queued in the event's transaction, sent after the commit by this process's sender. */
  webhooks: Webhooks;
  /** The clock; tests may move it. */
  now: () => Date;
}

export type UserRow = typeof users.$inferSelect;
export type LoginSessionRow = typeof loginSessions.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;

/**
 * A signed-in caller: the user and what their bearer token is — the login session of the app's token, or
 * a personal API token (issue #34: `session` null; the calls that need a session refuse it before they
 * run, auth/api-tokens.ts TOKEN_REFUSALS, and `sessionOf` refuses it again where one is used).
 */
export type Caller = { user: UserRow; session: LoginSessionRow; apiToken: null } | { user: UserRow; session: null; apiToken: ApiTokenRow };

/** A caller signed in by a login session (the app's token): what the calls that change the session take. */
export type SessionCaller = Extract<Caller, { apiToken: null }>;

/** The caller's membership of the session's current organisation, as found (subscription not yet checked). */
export type Membership = NonNullable<CallerRows['membership']>;

/** The caller as a member of their current organisation, subscription checked: what every service of an area takes. */
export interface Member extends Principal {
  orgName: string;
  username: string;
}

/** Every request: the server's parts. */
export interface AppEnv {
  Variables: {
    deps: Deps;
    /** The request's id, its answer's X-Request-Id (http/request-id.ts). */
    requestId: string;
    /** A POST's Idempotency-Key, for a route that settles it in its own transaction (http/idempotency.ts `keySettledInWork`). */
    keyInWork?: KeyInWork;
  };
}

/** After `authenticate`: the caller, and their current membership if they have one. */
export interface SignedInEnv {
  Variables: AppEnv['Variables'] & {
    caller: Caller;
    membership: Membership | null;
    /**
     * A submission's checklist, read by the sign-in's own statement (issue #46: auth/authenticate.ts): the
     * document of the path's id in the membership's organisation with its chain, or none (not found).
     */
    signedInRead?: SignedInRead;
  };
}

/** What the sign-in read beside the caller: the document `documentId` (undefined: no such document of the organisation). */
export interface SignedInRead {
  documentId: string;
  document: DocumentWithChain | undefined;
}

/** After `requireMember`: the caller is a member of a current organisation whose subscription runs. */
export interface MemberEnv {
  Variables: SignedInEnv['Variables'] & {
    member: Member;
  };
}

/**
 * A caller with a share token (issue #29; auth/share-links.ts): no user, no membership — one live link of
 * an organisation whose subscription runs, and the one checklist it opens.
 */
export interface ShareCaller {
  linkId: string;
  /** The link's name: its submissions' author reads `share: {name}`. */
  name: string;
  orgId: string;
  orgName: string;
  documentId: string;
  expiresAt: Date | null;
}

/** The calls a share token may make (routes/shared-checklist.ts): `c.var.share`, never `caller` or `member`. */
export interface ShareEnv {
  Variables: AppEnv['Variables'] & {
    share: ShareCaller;
  };
}
