/**
 * Avatars (accounts §2 avatar picker, §7 users/sign-avatar-upload and PUT auth/me): a user's picture is a
 * signed upload of purpose 'avatar' (db/schema/uploads.ts), owned by the user (`uploads.user_id`), kept by
 * the storage driver under `avatars/{upload id}` — a user's, not an organisation's: a user belongs to
 * several organisations and shows the same picture in each.
 *
 * - `signAvatarUpload`: anyone signed in — a member of no organisation yet too — signs one picture (JPEG,
 *   PNG, WebP, GIF; AVATAR_MAX_BYTES), which the browser posts like any upload (src/client/uploads.ts);
 *   the upload is the caller's.
 * - `setAvatar` (PUT auth/me {avatar}): a completed avatar upload of the caller's own, or null to clear;
 *   the picture it replaces is dropped (row and file).
 * - `takeOverAvatar` (POST users/ with avatar, services/users.ts): an admin's completed avatar upload
 *   becomes the avatar of the user the admin creates.
 * - Serving: the picture is "served only to members of an organisation the user belongs to". Its address
 *   is the permission (an <img> sends no bearer token): `GET /api/v1/avatars/{user id}/{upload id}
 *   ?expires=&signature=`, signed for the user's CURRENT avatar only, minted only for callers who share an
 *   organisation with the user (`avatarUrlForViewer`; `avatarUrl` / `avatarUrlMinter` where the caller
 *   is known to: the members of the caller's own organisation in the admin grid, the caller themself). Addresses expire;
 *   the expiry is rounded up to a window (AVATAR_URL_WINDOW_SECONDS) so that the same address is handed
 *   out for a while and the browser's cache keeps the picture.
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { signAvatarUploadBody } from '../../shared/api/accounts.ts';
import type { SignedUpload } from '../../shared/api/documentation.ts';
import { UPLOAD_SIGNATURE_SECONDS } from '../../shared/constants.ts';
import { isUuid, uuidv7 } from '../../shared/ids.ts';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/connection.ts';
import { memberships, uploads, users } from '../db/schema.ts';
import type { Deps } from '../env.ts';
import { HttpError, notFound, validationFailed } from '../errors.ts';
import { avatarStorageKey, storageFor } from '../storage/index.ts';
import { sign, signingKey, verifySignature } from '../storage/signing.ts';
import { confirmed, type UploadRow } from './checklists/uploads.ts';

/**
 * Avatar addresses expire at the end of the window after the current one: each lives between one and two
 * windows, and within a window every request for the same picture gets the same address (cacheable).
 */
export const AVATAR_URL_WINDOW_SECONDS = 30 * 60;

type AvatarFile = z.output<typeof signAvatarUploadBody>;

/** The user whose picture is wanted: the id and the avatar (upload id) of a `users` row. */
export interface AvatarOwner {
  id: string;
  avatar: string | null;
}

const avatarRefused = (why: string) => validationFailed([{ field: 'avatar', message: why }]);
const NOT_AN_AVATAR = 'is not a picture you uploaded for your avatar';

/** POST users/sign-avatar-upload: a signed upload of one picture, the caller's. */
export async function signAvatarUpload(deps: Deps, userId: string, file: AvatarFile): Promise<SignedUpload> {
  const now = deps.now();
  const expiresAt = new Date((Math.floor(now.getTime() / 1000) + UPLOAD_SIGNATURE_SECONDS) * 1000);
  const row = {
    id: uuidv7(now.getTime()),
    purpose: 'avatar' as const,
    userId,
    filename: file.filename,
    contentType: file.content_type,
    size: file.file_size,
    createdBy: userId,
    createdAt: now,
    expiresAt,
    // Until it becomes someone's avatar; unused for a day, it is removed (checklists/unused-uploads.ts).
    inUse: false,
  };
  await deps.db.insert(uploads).values(row);
  const post = await storageFor(deps.config).presignPost({ key: avatarStorageKey(row.id), size: row.size, contentType: row.contentType, expiresAt });
  return { upload_id: row.id, url: post.url, fields: post.fields, expires_at: expiresAt.toISOString() };
}

/** The completed avatar upload `uploadId` of `ownerId` (locked for the change), or a 422 naming `avatar`. */
async function completedAvatarOf(tx: Queryable, config: Config, ownerId: string, uploadId: string, now: Date): Promise<UploadRow> {
  if (!isUuid(uploadId)) throw avatarRefused(NOT_AN_AVATAR);
  const rows = await tx
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.purpose, 'avatar'), eq(uploads.userId, ownerId)))
    .for('update');
  const [row] = await confirmed(tx, config, rows, now);
  if (!row) throw avatarRefused(rows.length === 0 ? NOT_AN_AVATAR : 'has not finished uploading');
  return row;
}

/** Forgets an avatar upload that is no one's picture any more (its row; the file goes after the commit). */
async function dropAvatar(tx: Queryable, uploadId: string): Promise<void> {
  await tx.delete(uploads).where(and(eq(uploads.id, uploadId), eq(uploads.purpose, 'avatar')));
}

/**
 * PUT auth/me {avatar}: makes `uploadId` (a completed avatar upload of the user's own) the user's avatar,
 * or clears it (null); the avatar replaced is dropped. Runs in the caller's transaction; answers what to
 * do after the commit (remove the old file).
 */
export async function setAvatar(
  tx: Queryable,
  config: Config,
  user: AvatarOwner,
  uploadId: string | null,
  now: Date,
): Promise<{ avatar: string | null; afterCommit: () => Promise<void> }> {
  if (uploadId !== null && uploadId.toLowerCase() === user.avatar) return { avatar: user.avatar, afterCommit: () => Promise.resolve() };
  const chosen = uploadId === null ? null : (await completedAvatarOf(tx, config, user.id, uploadId, now)).id;
  await tx.update(users).set({ avatar: chosen }).where(eq(users.id, user.id));
  if (chosen !== null) await tx.update(uploads).set({ inUse: true }).where(eq(uploads.id, chosen));
  const old = user.avatar;
  if (old === null || old === chosen) return { avatar: chosen, afterCommit: () => Promise.resolve() };
  await dropAvatar(tx, old);
  return { avatar: chosen, afterCommit: () => removeAvatarFile(config, old) };
}

/** Removes an avatar's file; a failure only leaves an unreachable file behind. */
export async function removeAvatarFile(config: Config, uploadId: string): Promise<void> {
  await storageFor(config)
    .remove(avatarStorageKey(uploadId))
    .catch(() => undefined);
}

/**
 * POST users/ with an avatar: the picture `uploaderId` (the admin) uploaded becomes `userId`'s — it must be
 * a completed avatar upload of the uploader's (else 422 naming `avatar`). The caller sets `users.avatar`
 * (or lets this do it: `setOnUser`, the default). Runs in the caller's transaction.
 */
export async function takeOverAvatar(
  tx: Queryable,
  config: Config,
  { uploadId, uploaderId, userId, now, setOnUser = true }: { uploadId: string; uploaderId: string; userId: string; now: Date; setOnUser?: boolean },
): Promise<string> {
  const row = await completedAvatarOf(tx, config, uploaderId, uploadId, now);
  // The admin's own avatar is not handed over: it stays theirs.
  const [own] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, uploaderId), eq(users.avatar, row.id)));
  if (own) throw avatarRefused('is your own avatar; upload a new picture for this user');
  await tx.update(uploads).set({ userId, inUse: true }).where(eq(uploads.id, row.id));
  if (setOnUser) await tx.update(users).set({ avatar: row.id }).where(eq(users.id, userId));
  return row.id;
}

// ─── Addresses ─────────────────────────────────────────────────────────────────────────────────────

/** When an address minted now expires (whole seconds): the end of the next window. */
export function avatarExpiry(now: Date): number {
  const seconds = Math.floor(now.getTime() / 1000);
  return (Math.floor(seconds / AVATAR_URL_WINDOW_SECONDS) + 2) * AVATAR_URL_WINDOW_SECONDS;
}

/**
 * A minter of avatar addresses for one request: the signing key is read once, then each address is made
 * synchronously (for a grid of many users). NO permission check: only for users the caller is known to
 * share an organisation with — themself, or members of the caller's current organisation (the admin user
 * grid). Otherwise use `avatarUrlForViewer`.
 *
 *   const urlOf = await avatarUrlMinter(deps.config, deps.now());
 *   rows.map((r) => ({ ..., avatar_url: urlOf({ id: r.userId, avatar: r.avatar }) }));
 */
export async function avatarUrlMinter(config: Config, now: Date): Promise<(user: AvatarOwner) => string | null> {
  const key = await signingKey(config);
  const expires = String(avatarExpiry(now));
  return (user) => {
    if (user.avatar === null) return null;
    const signature = sign(key, 'avatar', [user.id, user.avatar, expires]);
    return `${config.publicUrl}/api/v1/avatars/${user.id}/${user.avatar}?expires=${expires}&signature=${signature}`;
  };
}

/** The address of one user's avatar, or null when they have none (same rule as `avatarUrlMinter`). */
export async function avatarUrl(config: Config, user: AvatarOwner, now: Date): Promise<string | null> {
  if (user.avatar === null) return null;
  return (await avatarUrlMinter(config, now))(user);
}

/** Whether two users share an organisation (a user shares one with themself). */
export async function shareAnOrganisation(db: Queryable, viewerId: string, userId: string): Promise<boolean> {
  if (viewerId === userId) return true;
  const [row] = await db
    .select({ orgId: memberships.orgId })
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        inArray(
          memberships.orgId,
          db.select({ orgId: memberships.orgId }).from(memberships).where(eq(memberships.userId, viewerId)),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The address of `user`'s avatar for `viewerId`: null when there is none, or when they share no organisation. */
export async function avatarUrlForViewer(db: Queryable, config: Config, viewerId: string, user: AvatarOwner, now: Date): Promise<string | null> {
  if (user.avatar === null || !(await shareAnOrganisation(db, viewerId, user.id))) return null;
  return avatarUrl(config, user, now);
}

const invalidLink = () => new HttpError(403, 'This avatar link is not valid');

/**
 * GET /api/v1/avatars/{user id}/{upload id}?expires=&signature= (no bearer token: the address is the
 * permission). Only the user's current avatar is served: a replaced or cleared one is gone at once.
 */
export async function avatarBySignature(
  deps: Deps,
  userId: string,
  uploadId: string,
  expires: string | undefined,
  signature: string | undefined,
): Promise<UploadRow> {
  if (!isUuid(userId) || !isUuid(uploadId) || !expires || !/^\d{1,12}$/.test(expires) || !signature) throw invalidLink();
  if (!verifySignature(await signingKey(deps.config), 'avatar', [userId, uploadId, expires], signature)) throw invalidLink();
  if (Number(expires) * 1000 < deps.now().getTime()) throw new HttpError(403, 'This avatar link has expired');
  const [row] = await deps.db
    .select({ upload: uploads })
    .from(uploads)
    .innerJoin(users, eq(users.avatar, uploads.id))
    .where(and(eq(users.id, userId), eq(uploads.id, uploadId), eq(uploads.purpose, 'avatar'), isNotNull(uploads.completedAt)));
  if (!row) throw notFound('File not found');
  return row.upload;
}
