/** How the roles area looks in the API's answers (shapes in shared/api/roles.ts). */
import type { Role } from '../../shared/api/roles.ts';
import type { roles } from '../db/schema.ts';

export function presentRole(row: typeof roles.$inferSelect): Role {
  return { id: row.id, name: row.name, description: row.description, list_filterable: row.listFilterable };
}
