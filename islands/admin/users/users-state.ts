/**
 * The pure part of the users screen (accounts §2 Admin screens "Users", §5, §8, §9): the grid's page
 * query, the role filter and its chips, what a row shows, the invite link, and the spec's words.
 */
import type { RoleRef } from '../../../src/shared/api/accounts.ts';
import type { Role } from '../../../src/shared/api/roles.ts';
import type { ListUsersQuery } from '../../../src/shared/api/users.ts';
import type { PageReadName } from '../../../src/shared/page-data.ts';
import { isEmail } from '../../../src/shared/validation.ts';

/**
 * Rows per page of both grids: never thousands of DOM rows (the server pages the active users). 20 keeps a
 * phone's stacked cards to a few screens and pages an organisation of the default plan (25 users).
 */
export const USERS_PAGE_SIZE = 20;

/** The organisation's roles, read once by the screen for both tabs' chips and filters. */
export type RolesState = { status: 'loading' } | { status: 'failed'; detail: string } | { status: 'ready'; roles: Role[] };

export const messages = {
  invitationSent: (email: string) => `Invitation Sent To ${email}.`,
  invitationUpdated: (email: string) => `Invitation to ${email} has been Updated.`,
  resent: 'Invite Email Re-sent.',
  linkCopied: 'Invite link copied to clipboard.',
  copyFailed: (link: string) => `The invite link could not be copied: ${link}`,
  cancelled: (email: string) => `Invitation to ${email} has been Cancelled.`,
  noRoles: 'N/A',
} as const;

/** Invite link: the site (its PUBLIC_URL, never the browser's origin) plus /invitation/{id} (accounts §9). */

/** The invitation page of this site, `/invitation/{id}` (its QR code: QrCodeDialog puts PUBLIC_URL before it). */
export const invitePath = (id: string): string => `/invitation/${encodeURIComponent(id)}`;
/** The invitation's whole address under `publicUrl` (PUBLIC_URL, auth/me's public_url: as the invitation mail has it). */
export const inviteLink = (publicUrl: string, id: string): string => `${publicUrl}${invitePath(id)}`;

/** GET users for one page of the Active grid; `role_filters` only when some roles are chosen. */
export function usersQuery(roleFilters: readonly string[], page: { skip: number; limit: number }): ListUsersQuery {
  return {
    ...(roleFilters.length > 0 ? { role_filters: [...roleFilters] } : {}),
    ordering: ['username'],
    skip: page.skip,
    limit: page.limit,
  };
}

/**
 * The page read a page of the Active grid takes (src/shared/page-data-reads.ts: `users`, the first page with
 * no role filters): on the screen's first load only, and only for that very query — a first load with
 * other filters, or at another page, asks the network.
 */
export function usersPageRead(roleFilters: readonly string[], page: { skip: number; limit: number }, first: boolean): PageReadName | undefined {
  return first && roleFilters.length === 0 && page.skip === 0 && page.limit === USERS_PAGE_SIZE ? 'users' : undefined;
}

/** A role chip or filter choice switched: on when it was off, off when it was on. */
export function toggleRole(filters: readonly string[], roleId: string): string[] {
  return filters.includes(roleId) ? filters.filter((id) => id !== roleId) : [...filters, roleId];
}

/** A user's initials for the avatar without a picture: first letters of the first two words of the full name, else of the username. */
export function initials(fullName: string, username: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((w) => [...w][0]!) : [...username.trim()].slice(0, 1);
  return letters.join('').toUpperCase();
}

/** The Roles cell: the names joined, or 'N/A' when there are none (the Invited grid's words). */
export function rolesText(roles: readonly RoleRef[], none: string = messages.noRoles): string {
  return roles.length === 0 ? none : roles.map((r) => r.name).join(', ');
}

/** Invite (and the invitation's Update) stay disabled unless the e-mail has the {email} shape (accounts §5). */
export const canSendInvitation = (email: string): boolean => isEmail(email.trim());

/** An ISO time as the value of a datetime-local field, in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (browser time zone) as an ISO time, or undefined when it is not a date. */
export function fromLocalInput(value: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

/** The invitations of one client-side page (GET auth/org-invites answers them all). */
export function pageOf<T>(rows: readonly T[], skip: number, limit = USERS_PAGE_SIZE): T[] {
  return rows.slice(skip, skip + limit);
}

/** The first row of the last page that still has rows, after rows were removed (a cancelled invitation). */
export function clampSkip(skip: number, total: number, limit = USERS_PAGE_SIZE): number {
  return skip < total ? skip : Math.max(0, Math.floor((total - 1) / limit) * limit);
}
