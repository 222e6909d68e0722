/**
 * The answers of the account calls (auth/…, users, roles; shared/api/accounts.ts, users.ts, roles.ts), as
 * zod schemas for the OpenAPI document (openapi/operation.ts). Server-only: the browser keeps the zod-free types.
 */
import { z } from 'zod';
import { dateTime } from './list.ts';

const uuid = z.uuid();

export const accessToken = z.object({ access_token: z.string(), token_type: z.literal('bearer') }).meta({ id: 'AccessToken' });

export const registeredUser = z.object({ username: z.string(), email: z.string(), full_name: z.string(), is_active: z.boolean() }).meta({ id: 'RegisteredUser' });

export const confirmedEmail = z.object({ email: z.string() }).meta({ id: 'ConfirmedEmail' });

export const roleRef = z.object({ id: uuid, name: z.string() }).meta({ id: 'RoleRef' });

const subscription = z.object({
  status: z.enum(['off', 'trialing', 'active', 'past_due', 'expired']),
  trial_ends_at: dateTime.nullable(),
  current_period_end: dateTime.nullable(),
});

const currentOrganisation = z.object({
  id: uuid,
  name: z.string(),
  is_active: z.boolean(),
  trial_ends_at: dateTime.nullable(),
  plan_options: z.object({ limit_users: z.int(), limit_active_users: z.int() }),
  subscription,
});

export const pendingInvitation = z.object({ id: uuid, org_id: uuid, org_name: z.string(), expiry: dateTime }).meta({ id: 'PendingInvitation' });

export const currentUser = z.object({
  id: uuid,
  username: z.string(),
  email: z.string(),
  full_name: z.string(),
  is_org_admin: z.boolean(),
  org: currentOrganisation.nullable(),
  available_orgs: z.array(z.object({ id: uuid, name: z.string(), is_org_admin: z.boolean() })),
  roles: z.array(roleRef),
  avatar: uuid.nullable(),
  avatar_url: z.string().nullable(),
  otp_enabled: z.boolean(),
  invitations: z.array(pendingInvitation),
  pending_email: z.string().nullable(),
  public_url: z.string(),
}).meta({ id: 'CurrentUser' });

export const loginSession = z.object({
  id: uuid,
  ip_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: dateTime,
  last_accessed_at: dateTime,
  expiry: dateTime,
  is_active: z.boolean(),
  is_current: z.boolean(),
}).meta({ id: 'LoginSession' });

export const invitationPublic = z.object({ id: uuid, org_id: uuid, org_name: z.string(), email: z.string(), expiry: dateTime }).meta({ id: 'Invitation' });

export const orgInvitation = z.object({ id: uuid, email: z.string(), roles: z.array(roleRef), created_at: dateTime, expiry: dateTime }).meta({ id: 'OrganisationInvitation' });

/** POST auth/set-otp: whether two-factor is on, and the provisioning address (otpauth://) while it is being set up. */
export const twoFactorState = z.object({ uri: z.string().optional(), otp_enabled: z.boolean() }).meta({ id: 'TwoFactorState' });

export const createdOrganisation = z.object({ id: uuid, name: z.string() }).meta({ id: 'Organisation' });

// ─── users, roles ─────────────────────────────────────────────────────────────────────────────────

export const adminUser = z.object({
  id: uuid,
  user_account: z.object({
    username: z.string(),
    email: z.string(),
    full_name: z.string(),
    avatar: uuid.nullable(),
    avatar_url: z.string().nullable(),
    is_active: z.boolean(),
  }),
  is_org_admin: z.boolean(),
  roles: z.array(roleRef),
  created_at: dateTime,
}).meta({ id: 'Member' });

export const role = z.object({ id: uuid, name: z.string(), description: z.string(), list_filterable: z.boolean() }).meta({ id: 'Role' });

export const roleWithHolders = role.extend({
  users: z.array(z.object({ id: uuid, username: z.string(), full_name: z.string(), email: z.string() })),
}).meta({ id: 'RoleWithMembers' });

// ─── uploads ──────────────────────────────────────────────────────────────────────────────────────

export const signedUpload = z.object({ upload_id: uuid, url: z.string(), fields: z.record(z.string(), z.string()), expires_at: dateTime }).meta({ id: 'SignedUpload' });

export const mediaUrl = z.object({ upload_id: uuid, url: z.string(), expires_at: dateTime }).meta({ id: 'MediaUrl' });
