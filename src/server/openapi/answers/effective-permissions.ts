/** Who can do what on an item (shared/api/effective-permissions.ts, presenters/effective-permissions.ts) as zod, for the OpenAPI document (issue #34). Server only. */
import { z } from 'zod';
import { id, permissionBits, subjectType } from './documentation.ts';

export const permissionReasonAnswer = z.object({
  bits: permissionBits,
  is_grant: z.boolean(),
  subject: id,
  subject_type: subjectType,
  subject_name: z.string(),
  inherited: z.boolean(),
  from_folder_id: id.nullable(),
  from_folder_name: z.string(),
}).meta({ id: 'PermissionReason' });

export const memberPermissionsAnswer = z.object({
  user_id: id,
  username: z.string(),
  full_name: z.string(),
  is_org_admin: z.boolean(),
  permissions: permissionBits,
  reasons: z.array(permissionReasonAnswer),
}).meta({ id: 'MemberPermissions' });
