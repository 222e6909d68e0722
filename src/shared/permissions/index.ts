/** Permission bits, their words, and THE action → bits table (the server's checks and the screens read the same). */
export {
  FOLDER_ONLY_BITS,
  Permission,
  PERMISSION_CHOICES,
  hasPermission,
  permissionLabels,
} from './bits.ts';
export { actions, addAction, allows, type Action } from './actions.ts';
