/**
 * The roles screens' words. The spec names the columns (Role, Description, Edit) and the rule (name
 * required; create disabled while empty); the rest are ours, in the house's style (docs: H4 notes).
 */
export const messages = {
  rolesTitle: 'Roles',
  newRoleTitle: 'New Role',
  editRoleTitle: 'Edit Role',
  newRole: 'New Role',
  role: 'Role',
  description: 'Description',
  edit: 'Edit',
  total: 'Total Roles',
  noRoles: 'No roles yet.',
  name: 'Name',
  listFilterable: 'Show as a filter in the user list',
  listFilterableHint: 'Adds a quick filter chip for this role above the user list.',
  save: 'Save',
  saving: 'Saving…',
  delete: 'Delete',
  cancel: 'Cancel',
  deleteTitle: 'Delete Role',
  deleteQuestion: (name: string) => `Delete the role ${name}?`,
  deleteConsequence: (holders: number) =>
    holders === 0
      ? 'Nobody holds it. Permissions naming it are removed.'
      : `${holders === 1 ? '1 user loses' : `${new Intl.NumberFormat().format(holders)} users lose`} it, and permissions naming it are removed.`,
  holdersTitle: 'Users with this role',
  holdersLabel: 'Users',
  noHolders: 'No users hold this role.',
  username: 'Username',
  fullName: 'Full Name',
  email: 'Email',
  created: (name: string) => `Role ${name} created.`,
  saved: (name: string) => `Role ${name} saved.`,
  deleted: (name: string) => `Role ${name} deleted.`,
  loadFailed: 'The role could not be loaded.',
  backToRoles: 'Back to Roles',
} as const;
