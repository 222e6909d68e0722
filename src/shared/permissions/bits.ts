/** Per-item permission bits (spec: accounts §6, documentation §4). */
export const Permission = {
  Read: 1,
  Write: 2,
  Delete: 4,
  EditPermissions: 8,
  CreateDocuments: 16,
  CreateFolders: 32,
} as const;

export type PermissionName = keyof typeof Permission;

export function hasPermission(mask: number, bit: number): boolean {
  return (mask & bit) === bit;
}
