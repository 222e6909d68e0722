/**
 * Single sign-on (issue #48; docs/sso.md): an organisation's OpenID Connect provider, the people it has
 * signed in (kept by the provider's issuer and subject, never by e-mail address), and the sign-ins under
 * way (state, nonce and PKCE verifier in the database, so a flow started on one process finishes on another).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orgIdColumn, roles, userIdColumn, users } from './accounts.ts';
import { at, createdAt } from './columns.ts';

/** An organisation's one connection to its identity provider. */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: uuid('id').primaryKey(),
    orgId: orgIdColumn(),
    /** The issuer URL; discovery reads `{issuer}/.well-known/openid-configuration`. */
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** Sealed with the app key (auth/app-key.ts, purpose 'sso-client-secret'); never answered. */
    clientSecret: text('client_secret').notNull(),
    /** The e-mail domains (lower case) the provider vouches for. */
    domains: text('domains').array().notNull(),
    /** The role a person signed in for the first time gets (null: none). */
    defaultRoleId: uuid('default_role_id').references(() => roles.id, { onDelete: 'set null' }),
    /** Members sign in to the organisation only through the provider (break-glass admins aside). */
    required: boolean('required').notNull().default(false),
    /** Org admins who may still sign in with their password while SSO is required. */
    breakGlassUserIds: uuid('break_glass_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_connections_org_key').on(t.orgId), index('sso_connections_domains_idx').using('gin', t.domains)],
);

/** A person as a provider knows them: (issuer, subject) → our user, so a changed address at the provider moves nothing. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: userIdColumn(),
    orgId: orgIdColumn(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('sso_identities_user_idx').on(t.userId)],
);

/**
 * A sign-in under way: made at /auth/sso/start, used once at /auth/sso/callback (the state is kept as its
 * SHA-256 hash). 'link': the person proved an existing account's address and the next callback links it.
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    id: uuid('id').primaryKey(),
    stateHash: text('state_hash').notNull(),
    orgId: orgIdColumn(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['sign-in', 'test'] }).notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** The account to link, when the person proved its address before this flow (a password sign-in, a mailed link). */
    linkUserId: uuid('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [uniqueIndex('sso_flows_state_key').on(t.stateHash), index('sso_flows_expiry_idx').on(t.expiresAt)],
);
