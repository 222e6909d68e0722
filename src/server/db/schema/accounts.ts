/** Accounts and organisations: people, organisations (with their billing state), memberships, roles, invitations, login sessions, e-mailed tokens and the throttle (accounts §3). */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, referenceTo } from './columns.ts';

/*
 * The columns that tie a row to its organisation or its user, gone with them (function declarations, as
 * they were while the area files imported one another).
 */
export function orgIdColumn() {
  return uuid('org_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' });
}

export function userIdColumn() {
  return uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    /** The account's picture: a completed upload of purpose 'avatar' owned by this user (uploads.user_id). */
    avatar: uuid('avatar').references(referenceTo('uploads'), { onDelete: 'set null' }),
    otpSecret: text('otp_secret'),
    otpEnabled: boolean('otp_enabled').notNull().default(false),
    /** The TOTP time step of the last accepted code: each code is accepted once. */
    otpLastStep: integer('otp_last_step'),
    /**
     * An e-mail address asked for in Account Settings and not yet confirmed from the link mailed to it.
     * Nothing uses it but Account Settings: `email` stays the verified address until the confirmation.
     */
    pendingEmail: text('pending_email'),
    /**
     * The organisation whose admin asked for the pending change (null: the user asked in Account
     * Settings). The change is confirmed only while the user belongs to that organisation alone, and
     * joining another one drops it (services/email-change.ts).
     */
    pendingEmailOrgId: uuid('pending_email_org_id'),
    /**
     * The password was chosen by an admin (users created with one): the account must choose its own at
     * its next sign-in before it can do anything else (services/accounts.ts).
     */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * When the account was erased (GDPR Art. 17, services/account-erasure.ts): the row stays so that what
     * the person wrote keeps its author, but its username and full name read "Deleted user", its e-mail
     * address is empty and nothing signs in with it. Usernames and addresses are unique among the others.
     */
    erasedAt: at('erased_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`).where(sql`${t.erasedAt} is null`),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`).where(sql`${t.erasedAt} is null`),
  ],
);

export const organisations = pgTable(
  'organisations',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    trialEndsAt: at('trial_ends_at'),
    /**
     * Until when the paid subscription opens the organisation (auth/membership.ts): the Stripe
     * subscription's current period end plus a grace for the renewal's webhooks, while the subscription
     * is live (active, trialing, past_due); null while on trial or never subscribed, or once it ended.
     */
    paidUntil: at('paid_until'),
    limitUsers: integer('limit_users').notNull().default(25),
    limitActiveUsers: integer('limit_active_users').notNull().default(25),
    /*
     * Billing (issue #15; services/billing/): kept only from signed Stripe webhooks. The customer is
     * created once, at the first checkout, and reused.
     */
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** The Stripe subscription's status as last heard (active, past_due, canceled, …). */
    subscriptionStatus: text('subscription_status'),
    subscriptionPriceId: text('subscription_price_id'),
    currentPeriodEnd: at('current_period_end'),
    /**
     * The creation time of the newest Stripe event applied to the subscription above: an older event
     * arriving later never moves the state backwards.
     */
    subscriptionEventAt: at('subscription_event_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('organisations_stripe_customer_key').on(t.stripeCustomerId).where(sql`${t.stripeCustomerId} is not null`)],
);

export const memberships = pgTable(
  'memberships',
  {
    orgId: orgIdColumn(),
    userId: userIdColumn(),
    isOrgAdmin: boolean('is_org_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    listFilterable: boolean('list_filterable').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_org_name_key').on(t.orgId, sql`lower(${t.name})`)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.userId] }), index('user_roles_user_idx').on(t.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey(),
    orgId: orgIdColumn(),
    email: text('email').notNull(),
    /** Ids of the roles the invitee receives on accepting. */
    roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiry: at('expiry').notNull(),
    /** 'expired': a pending invitation past its expiry, replaced by a new invitation to the same address. */
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    answeredAt: at('answered_at'),
  },
  (t) => [
    index('invitations_org_idx').on(t.orgId, t.status),
    index('invitations_email_idx').on(sql`lower(${t.email})`),
    // One pending invitation per organisation and address: invitations sent at the same moment make one.
    uniqueIndex('invitations_pending_email_key')
      .on(t.orgId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** A signed-in device: the bearer token is stored only as its SHA-256 hash. */
export const loginSessions = pgTable(
  'login_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: userIdColumn(),
    tokenHash: text('token_hash').notNull(),
    /** The organisation the user works in on this device. */
    orgId: uuid('org_id').references(() => organisations.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastAccessedAt: at('last_accessed_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    endedAt: at('ended_at'),
    /** Started by this organisation's identity provider (issue #48): only such sessions work in it while it requires SSO. */
    ssoOrgId: uuid('sso_org_id').references(() => organisations.id, { onDelete: 'set null' }),
    /** The provider's issuer and subject, and its session id (`sid`): what a back-channel logout token names. */
    ssoIssuer: text('sso_issuer'),
    ssoSubject: text('sso_subject'),
    ssoSid: text('sso_sid'),
  },
  (t) => [
    uniqueIndex('login_sessions_token_key').on(t.tokenHash),
    index('login_sessions_user_idx').on(t.userId),
    index('login_sessions_sso_idx').on(t.ssoIssuer, t.ssoSubject).where(sql`${t.ssoIssuer} is not null`),
  ],
);

/** Single-use e-mailed tokens: account activation, password reset and the confirmation of a new e-mail address. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: userIdColumn(),
    purpose: text('purpose', { enum: ['activation', 'password-reset', 'email-change', 'sso-link'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** 'email-change': the new address the token was mailed to and confirms. */
    email: text('email'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_key').on(t.tokenHash),
    // A user's outstanding links of one kind, voided together (a reset voids the other reset links).
    index('account_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Attempts counted by the throttle (sign-in and reset requests), per account and per IP. `weight`: what
 * one attempt counts for — 1, or for share-link uploads the files or the bytes one call signed.
 */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: uuid('id').primaryKey(),
    key: text('key').notNull(),
    at: at('at').notNull().defaultNow(),
    weight: bigint('weight', { mode: 'number' }).notNull().default(1),
  },
  (t) => [index('throttle_events_key_idx').on(t.key, t.at)],
);

/**
 * Personal API tokens (issue #34; docs/decisions.md "API tokens"): a user's `rb_pat_…` bearer token for one
 * organisation, read only or read and write, stored only as its SHA-256 hash. It acts as its user in that
 * organisation with the rights the user has at each request (auth/api-tokens.ts); revoked at once.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: userIdColumn(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'read-write'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** Null: it never expires (until revoked). */
    expiresAt: at('expires_at'),
    /** Noted at most once a minute (auth/api-tokens.ts touchApiToken); null until the first use. */
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    /** Who revoked it: the user, an admin of its organisation, or null (the user removed from it, or gone). */
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // The sign-in's lookup (every request with a token).
    uniqueIndex('api_tokens_hash_key').on(t.tokenHash),
    // Account Settings' list (a user's live tokens, newest first) and the removal of a member's tokens.
    index('api_tokens_user_idx').on(t.userId, t.createdAt).where(sql`${t.revokedAt} is null`),
    // The admin page's list (an organisation's live tokens, newest first).
    index('api_tokens_org_idx').on(t.orgId, t.createdAt).where(sql`${t.revokedAt} is null`),
  ],
);
