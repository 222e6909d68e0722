/** Per-item permission bits (spec: accounts §6, documentation §4). */
export const Permission = {
  Read: 1,
  Write: 2,
  Delete: 4,
  EditPermissions: 8,
  CreateDocuments: 16,
  CreateFolders: 32,
} as const;

/**
 * THE words people read for each bit (documentation §5), in the spec's order: the API's 403 details
 * ("You need 'Write' permission …") and the permission editor's checkboxes and lists say these.
 */
export const PERMISSION_CHOICES: readonly { bit: number; name: string }[] = [
  { bit: Permission.Read, name: 'Read' },
  { bit: Permission.Write, name: 'Write' },
  { bit: Permission.Delete, name: 'Delete' },
  { bit: Permission.EditPermissions, name: 'Edit Permissions' },
  { bit: Permission.CreateDocuments, name: 'Create Documents' },
  { bit: Permission.CreateFolders, name: 'Create Folders' },
];

/** Bits that only folders carry (documents offer the other four). */
export const FOLDER_ONLY_BITS = Permission.CreateDocuments | Permission.CreateFolders;

/** The words of the bits set in `mask`, in the spec's order. */
export function permissionLabels(mask: number): string[] {
  return PERMISSION_CHOICES.filter((choice) => (mask & choice.bit) !== 0).map((choice) => choice.name);
}

export function hasPermission(mask: number, bit: number): boolean {
  return (mask & bit) === bit;
}
