/** Permission bits and THE action → bits table (the server's checks and the screens read the same). */
export { Permission, hasPermission, type PermissionName } from './bits.ts';
export { actions, addAction, allows, type Action, type ActionRule } from './actions.ts';
