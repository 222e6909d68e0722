/**
 * The admin area's user calls (accounts §3 "User admin row", "Create-user payload", §5, §7 `users…` and
 * `auth/org-invites/{id}`): the shapes both sides use and the zod schemas the server validates with
 * (browser code imports this module's types only).
 */
import { z } from 'zod';
import { email, fullName, id, password, username } from './accounts.ts';
import type { RoleRef } from './accounts.ts';
import { isWellFormed } from './contents.ts';
import { sentence } from './field-errors.ts';
import { everyOf, lastOf, limitParam, orderingParam, skipParam, type OrderingKey } from './query-params.ts';

/** GET users: page size when none is asked for, and the most one page may hold (accounts §7: users per role 100000). */
export const DEFAULT_USERS_PAGE_SIZE = 100;
export const MAX_USERS_PAGE_SIZE = 100_000;
export const MAX_USER_QUERY_LENGTH = 200;
/** Past any organisation's size; keeps OFFSET inside PostgreSQL's bigint. */
export const MAX_USERS_SKIP = 1_000_000_000;

/** The account part of a user admin row. `avatar` is the upload id; `avatar_url` a short-lived address for <img>. */
export interface UserAccount {
  username: string;
  email: string;
  full_name: string;
  avatar: string | null;
  avatar_url: string | null;
  is_active: boolean;
}

/** A member of the organisation as the admin screens show them. */
export interface AdminUser {
  id: string;
  user_account: UserAccount;
  is_org_admin: boolean;
  roles: RoleRef[];
  /** When they joined this organisation. */
  created_at: string;
}

/** `GET roles/{id}`'s holders of the role (at most MAX_USERS_PAGE_SIZE, by username). */
export interface RoleHolder {
  id: string;
  username: string;
  full_name: string;
  email: string;
}

export const USER_ORDERING_FIELDS = ['username', 'full_name', 'email', 'is_org_admin', 'created_at'] as const;
export type UserOrderingField = (typeof USER_ORDERING_FIELDS)[number];

/** GET users as the browser asks for it: `role_filters` keeps users holding any of the roles. */
export interface ListUsersQuery {
  q?: string;
  role_filters?: readonly string[];
  ordering?: readonly `${'' | '-'}${UserOrderingField}`[];
  skip?: number;
  limit?: number;
}

// ─── GET users ────────────────────────────────────────────────────────────────────────────────────

export type UserOrderingKey = OrderingKey<UserOrderingField>;

/** `ordering` repeated or comma-separated (`-is_org_admin,username`); by username (ignoring case) when not given. */
const userOrdering = orderingParam(USER_ORDERING_FIELDS, [{ field: 'username', descending: false }]);

export const listUsersQuery = z.object({
  /** Case-insensitive part of the username, the full name or the e-mail address; blank means no filter. */
  q: lastOf(
    z
      .string()
      .trim()
      .max(MAX_USER_QUERY_LENGTH, sentence(`A search may be at most ${MAX_USER_QUERY_LENGTH} characters`))
      .refine(isWellFormed, 'q must be valid Unicode text (no unpaired surrogates)'),
  ).default(''),
  /** Users holding ANY of these roles (repeated or comma-separated role ids); none: everyone. */
  role_filters: z
    .preprocess(everyOf, z.array(z.uuid({ error: 'role_filters must be role ids' })).max(1000, 'role_filters may name at most 1000 roles'))
    .transform((ids) => [...new Set(ids.map((i) => i.toLowerCase()))]),
  ordering: userOrdering,
  skip: skipParam(MAX_USERS_SKIP),
  limit: limitParam(MAX_USERS_PAGE_SIZE, DEFAULT_USERS_PAGE_SIZE),
});
export type ListUsersParams = z.output<typeof listUsersQuery>;

// ─── Bodies ───────────────────────────────────────────────────────────────────────────────────────

const roleIds = z.array(id, { error: 'roles must be a list of role ids' });
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

/**
 * POST users/ (a trailing slash): an org admin creates an account and its membership at once. The
 * password is temporary (its owner must choose their own at the first sign-in); without one (left out or
 * null) the account waits for its activation mail, through which its owner chooses it.
 */
export const createUserBody = z
  .object({
    username,
    email,
    full_name: fullName,
    password: password.nullish(),
    is_org_admin: flag('is_org_admin').default(false),
    is_active: flag('is_active').default(true),
    roles: roleIds.default([]),
    avatar: id.nullable().default(null),
  })
  .strict();
export type CreateUserBody = z.input<typeof createUserBody>;

/** PUT users/{id}: a field left out keeps its value. */
export const updateUserBody = z
  .object({
    email: email.optional(),
    full_name: fullName.optional(),
    is_org_admin: flag('is_org_admin').optional(),
    roles: roleIds.optional(),
  })
  .strict();
export type UpdateUserBody = z.input<typeof updateUserBody>;

/** PUT auth/org-invites/{id}: a field left out keeps its value; `resend_email` mails the link again. */
export const updateInvitationBody = z
  .object({
    id: z.string().optional(),
    email: email.optional(),
    expiry: z.iso.datetime({ offset: true, error: sentence('Expiry must be a date and time') }).optional(),
    roles: roleIds.optional(),
    resend_email: flag('resend_email').default(false),
  })
  .strict();
export type UpdateInvitationBody = z.input<typeof updateInvitationBody>;

/** POST users/sign-avatar-upload: one picture (compressed in the browser). */
export interface SignAvatarUploadBody {
  filename: string;
  file_size: number;
  content_type: string;
}
