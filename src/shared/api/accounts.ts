/**
 * Request schemas and response shapes of the account calls (accounts §7). The server validates every
 * body with these schemas; the browser's API client is typed by the same shapes.
 */
import { z } from 'zod';
import type { SubscriptionState } from './billing.ts';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, OTP_CODE_LENGTH } from '../constants.ts';
import { EMAIL_PATTERN } from '../validation.ts';
import { isWellFormed, NOT_WELL_FORMED } from './contents.ts';
import { sentence } from './field-errors.ts';

/**
 * Text a person types: `field` is the key (for the remark programs get), `label` the field as the screen
 * labels it (for the sentences people read: shared/api/field-errors.ts).
 */
const trimmed = (field: string, label: string, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .trim()
    .min(1, sentence(`${label} is required`))
    .max(max, sentence(`${label} must be at most ${max} characters`));

export const email = z
  .string({ error: 'email must be a string' })
  .trim()
  .max(254, sentence('Email must be at most 254 characters'))
  .regex(EMAIL_PATTERN, sentence('Invalid Email'))
  .transform((v) => v.toLowerCase());

export const username = trimmed('username', 'Username', 150).regex(
  /^[\w.@+-]*$/, // * not +: an empty username is told only "Username is required"
  sentence('Username may contain only letters, digits and . @ + - _'),
);

export const password = z
  .string({ error: 'password must be a string' })
  .min(MIN_PASSWORD_LENGTH, sentence(`Password must be at least ${MIN_PASSWORD_LENGTH} characters long`))
  .max(MAX_PASSWORD_LENGTH, sentence(`Password must be at most ${MAX_PASSWORD_LENGTH} characters long`));

export const fullName = trimmed('full_name', 'Full Name', 200);
export const organisationName = trimmed('name', 'Organization Name', 200);
export const otpCode = z.string().regex(new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`), sentence('Incorrect Code, Try Again'));
export const id = z.uuid({ error: 'must be a valid id' });

export const registerBody = z.object({ username, email, full_name: fullName, password });
export type RegisterBody = z.input<typeof registerBody>;

/** The sign-in form (form-encoded); client_secret carries the one-time code. */
export const accessTokenForm = z.object({
  username: z.string().trim().min(1, sentence('Username is required')),
  password: z.string().min(1, sentence('Password is required')),
  client_secret: z.string().optional(),
});

export const activateBody = z.string({ error: 'the body must be the activation token as a JSON string' }).min(1);
export const confirmEmailBody = z.string({ error: 'the body must be the confirmation token as a JSON string' }).min(1, 'the body must be the confirmation token as a JSON string');
export const sendPasswordResetForm = z.object({ email });
export const resetPasswordBody = z.object({ password, token: z.string().min(1, 'token is required') });

/** POST auth/set-new-password: the token of the 403 that asked for it (accounts-new-password.ts) and the person's own password. */
export const setNewPasswordBody = z.object({ token: z.string({ error: 'token must be a string' }).min(1, 'token is required'), password });
export type SetNewPasswordBody = z.input<typeof setNewPasswordBody>;

export const updateMeBody = z
  .object({
    username: username.optional(),
    email: email.optional(),
    full_name: fullName.optional(),
    avatar: id.nullable().optional(),
  })
  .strict();
export type UpdateMeBody = z.input<typeof updateMeBody>;

/**
 * POST users/sign-avatar-upload: one picture. The sentences are what a person can meet (a file too big or
 * not a picture); the shape is SignAvatarUploadBody (shared/api/users.ts).
 */
export const signAvatarUploadBody = z
  .object({
    filename: z
      .string({ error: 'filename must be a string' })
      .trim()
      .min(1, sentence('A file needs a name'))
      .max(255, sentence("A file's name may be at most 255 characters"))
      .refine(isWellFormed, `filename ${NOT_WELL_FORMED}`),
    file_size: z
      .int({ error: 'file_size must be a whole number of bytes' })
      .min(1, sentence('A file must not be empty'))
      .max(AVATAR_MAX_BYTES, sentence(`An avatar may be at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB`)),
    content_type: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z.enum(AVATAR_CONTENT_TYPES, { error: sentence('An avatar must be a picture (JPEG, PNG, WebP or GIF)') }),
    ),
  })
  .strict();

export const setOtpBody = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  verify_otp: otpCode.optional(),
  uri: z.string().optional(),
});
export type SetOtpBody = z.input<typeof setOtpBody>;

/** POST auth/delete-account: the account's password, and its two-factor code when it has two-factor sign-in. */
export const deleteAccountBody = z.object({
  password: z.string({ error: 'password is required' }).min(1, sentence('Password is required')),
  otp: z.string().optional(),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

export const createOrgBody = z.object({ name: organisationName });
export const selectOrgBody = z.uuid({ error: 'must be a valid id' });
export const answerInvitationBody = z.boolean({ error: 'the body must be JSON true or false' });
export const inviteUserBody = z.object({ email, roles: z.array(id).default([]) });
export type InviteUserBody = z.input<typeof inviteUserBody>;

export interface AccessToken {
  access_token: string;
  token_type: 'bearer';
}

export interface OrganisationRef {
  id: string;
  name: string;
}

/** An organisation the user belongs to, and their role in it. */
export interface AvailableOrganisation extends OrganisationRef {
  is_org_admin: boolean;
}

export interface PlanOptions {
  limit_users: number;
  limit_active_users: number;
}

export interface CurrentOrganisation extends OrganisationRef {
  is_active: boolean;
  trial_ends_at: string | null;
  plan_options: PlanOptions;
  /** The trial or paid subscription as the billing screens need it (issue #15). */
  subscription: SubscriptionState;
}

export interface RoleRef {
  id: string;
  name: string;
}

export interface PendingInvitation {
  id: string;
  org_id: string;
  org_name: string;
  expiry: string;
}

export interface CurrentUser {
  id: string;
  username: string;
  email: string;
  full_name: string;
  is_org_admin: boolean;
  org: CurrentOrganisation | null;
  /** The organisations the user belongs to, each with whether they are its org admin (the chooser shows it). */
  available_orgs: AvailableOrganisation[];
  roles: RoleRef[];
  /** The avatar's upload id, or null. */
  avatar: string | null;
  /** A short-lived address of the avatar for <img> (services/avatars.ts), or null when there is none. */
  avatar_url: string | null;
  otp_enabled: boolean;
  invitations: PendingInvitation[];
  /** A new e-mail address asked for and not yet confirmed from the link mailed to it; `email` is still the old one. */
  pending_email: string | null;
  /**
   * The server's PUBLIC_URL (no trailing slash): every address the app prints or encodes in a QR code
   * starts with it, never with the browser's origin (an admin on an internal host name would print
   * codes nobody else can open). Here because every signed-in page reads this answer first.
   */
  public_url: string;
}

/** `POST auth/confirm-email`: the account's address now. */
export interface ConfirmedEmail {
  email: string;
}

/**
 * `POST auth/register` (201): the registration as received, the same whether or not the address already
 * belonged to an account never activated (issue 28), so it names no account (no id).
 */
export interface RegisteredUser {
  username: string;
  email: string;
  full_name: string;
  is_active: boolean;
}

export interface LoginSession {
  id: string;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
  last_accessed_at: string;
  expiry: string;
  is_active: boolean;
  is_current: boolean;
}

export interface InvitationPublic {
  id: string;
  org_id: string;
  org_name: string;
  /** The invited address (lower case): the invitation screen tells a signed-in user with another one whom it was sent to. */
  email: string;
  expiry: string;
}

export interface OrgInvitation {
  id: string;
  email: string;
  roles: RoleRef[];
  created_at: string;
  expiry: string;
}

export interface BuildInfo {
  version: string;
  time: string;
  /**
   * How billing runs on this server (issue #32): `enabled` false without STRIPE_SECRET_KEY (no screen then
   * promises a trial); `trial_days` is TRIAL_DAYS as the server runs it. Screens never build a number in.
   */
  billing: BillingSettings;
}

export interface BillingSettings {
  enabled: boolean;
  trial_days: number;
}
