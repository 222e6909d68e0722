/**
 * The role form's rules (accounts §5 "Role: name required; create disabled while empty"). The length
 * limits repeat src/shared/api/roles.ts, which builds zod schemas and so stays out of the browser;
 * tests/unit/islands/admin/roles/role-form.test.ts holds the two equal.
 */
export const ROLE_NAME_MAX = 150;
export const ROLE_DESCRIPTION_MAX = 2000;

export interface RoleFields {
  name: string;
  description: string;
  list_filterable: boolean;
}

/** Save (or create) is offered only with a name that is more than spaces. */
export const canSaveRole = (fields: Pick<RoleFields, 'name'>): boolean => fields.name.trim() !== '';

/** The body of POST roles / PUT roles/{id}: name and description trimmed, as the server stores them. */
export const roleBody = (fields: RoleFields): RoleFields => ({
  name: fields.name.trim(),
  description: fields.description.trim(),
  list_filterable: fields.list_filterable,
});
