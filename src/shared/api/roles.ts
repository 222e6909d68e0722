/**
 * Request schemas and the response shape of the roles calls (accounts §3 Role, §5, §7): named groups of
 * an organisation's users with a description; `list_filterable` puts a quick filter chip in the user list.
 * The server validates every body and query with these schemas; the browser's API client is typed by them.
 */
import { z } from 'zod';
import { isWellFormed } from './contents.ts';
import { sentence } from './field-errors.ts';
import { lastOf, limitParam, orderingParam, skipParam, type OrderingKey } from './query-params.ts';
import type { RoleHolder } from './users.ts';

/** Page size of GET roles, and the most one page may hold (the admin screens ask for 1000: accounts §7). */
export const DEFAULT_ROLES_PAGE_SIZE = 100;
export const MAX_ROLES_PAGE_SIZE = 1000;
export const MAX_ROLE_NAME_LENGTH = 150;
export const MAX_ROLE_DESCRIPTION_LENGTH = 2000;
export const MAX_ROLE_QUERY_LENGTH = 200;

/** A role as every roles call answers it. */
export interface Role {
  id: string;
  name: string;
  description: string;
  list_filterable: boolean;
}

/** `GET roles/{id}`: the role and the users holding it (by username; up to 100000: accounts §7). */
export interface RoleWithHolders extends Role {
  users: RoleHolder[];
}

const NOT_WELL_FORMED = 'must be valid Unicode text (no unpaired surrogates)';

export const roleName = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, sentence('Name is required'))
  .max(MAX_ROLE_NAME_LENGTH, sentence(`Name must be at most ${MAX_ROLE_NAME_LENGTH} characters`))
  .refine(isWellFormed, `name ${NOT_WELL_FORMED}`);

export const roleDescription = z
  .string({ error: 'description must be a string' })
  .trim()
  .max(MAX_ROLE_DESCRIPTION_LENGTH, sentence(`Description must be at most ${MAX_ROLE_DESCRIPTION_LENGTH} characters`))
  .refine(isWellFormed, `description ${NOT_WELL_FORMED}`);

const listFilterable = z.boolean({ error: 'list_filterable must be true or false' });

/** POST roles: a name (required, unique in the organisation ignoring case) and a description. */
export const createRoleBody = z.object({
  name: roleName,
  description: roleDescription.default(''),
  list_filterable: listFilterable.default(false),
});
export type CreateRoleBody = z.input<typeof createRoleBody>;

/** PUT roles/{id}: the name is required (spec §5); a field left out keeps its value. */
export const updateRoleBody = z.object({
  name: roleName,
  description: roleDescription.optional(),
  list_filterable: listFilterable.optional(),
});
export type UpdateRoleBody = z.input<typeof updateRoleBody>;

// ─── GET roles ────────────────────────────────────────────────────────────────────────────────────


export const ROLE_ORDERING_FIELDS = ['name', 'description', 'list_filterable', 'created_at'] as const;
export type RoleOrderingField = (typeof ROLE_ORDERING_FIELDS)[number];
export type RoleOrderingKey = OrderingKey<RoleOrderingField>;

/** `ordering` repeated or comma-separated (`-list_filterable,name`); by name when not given. */
const roleOrdering = orderingParam(ROLE_ORDERING_FIELDS, [{ field: 'name', descending: false }]);

export const listRolesQuery = z.object({
  /** Case-insensitive part of the name or the description; blank means no filter. */
  q: lastOf(
    z
      .string()
      .trim()
      .max(MAX_ROLE_QUERY_LENGTH, sentence(`A search may be at most ${MAX_ROLE_QUERY_LENGTH} characters`))
      .refine(isWellFormed, `q ${NOT_WELL_FORMED}`),
  ).default(''),
  ordering: roleOrdering,
  skip: skipParam(),
  limit: limitParam(MAX_ROLES_PAGE_SIZE, DEFAULT_ROLES_PAGE_SIZE),
});
export type ListRolesParams = z.output<typeof listRolesQuery>;

/** GET roles as the browser asks for it; `ordering` like ['-list_filterable', 'name']. */
export interface ListRolesQuery {
  q?: string;
  ordering?: readonly `${'' | '-'}${RoleOrderingField}`[];
  skip?: number;
  limit?: number;
}
