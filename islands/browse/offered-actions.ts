/**
 * What the folder browser offers, decided by THE action table (src/shared/permissions: `allows`,
 * `addAction`) and nothing else: the item menu, dragging, the speed dial, Paste and its 'Remove Original
 * Copy', the Properties dialog. The server checks the same rows, so the browser never offers what the API
 * refuses. Pure functions, tested for every bit mask (tests/unit/islands/browse/offered-actions.test.ts).
 */
import type { Doctype, ItemKind } from '../../src/shared/api/documentation.ts';
import { addAction, allows } from '../../src/shared/permissions/index.ts';

export type ItemAction = 'open' | 'edit' | 'copy' | 'properties' | 'history' | 'qr-code' | 'delete';

/** An item as far as its offered actions go: what it is, and the caller's permission bits on it. */
export interface ActionSubject {
  kind: ItemKind;
  user_permissions: number;
}

/** The item menu's entries, in their order (documentation §4: Write for edit and copy, Delete for delete). */
export function itemActions(item: ActionSubject): ItemAction[] {
  const can = (action: Parameters<typeof allows>[1]) => allows(item.user_permissions, action);
  const document = item.kind === 'document';
  if (!can('view')) return [];
  return [
    'open',
    ...(document && can('edit') ? (['edit'] as const) : []),
    ...(can('copy') ? (['copy'] as const) : []),
    'properties',
    ...(document ? (['history'] as const) : []),
    'qr-code',
    ...(can('delete') ? (['delete'] as const) : []),
  ];
}

export type FollowAction = 'favourite' | 'subscribe' | 'assign';

/**
 * The following entries of an item's menu and of the current folder's (documentation §2: Favourite,
 * Subscribe, Assign): favourite and subscribe with `subscribe` (Read), assign with `assign` (Write).
 */
export function followActions(item: Pick<ActionSubject, 'user_permissions'>): FollowAction[] {
  if (!allows(item.user_permissions, 'subscribe')) return [];
  return ['favourite', 'subscribe', ...(allows(item.user_permissions, 'assign') ? (['assign'] as const) : [])];
}

/** Whether the item's tile can be dragged onto a folder (which puts it on the clipboard). */
export const canDrag = (item: ActionSubject): boolean => allows(item.user_permissions, 'drag');

/** The speed dial's entries on a folder with permission bits `folderPermissions`; no entry, no dial. */
export function speedDialOffers(folderPermissions: number): { newDocument: boolean; newFolder: boolean } {
  return { newDocument: allows(folderPermissions, 'createDocument'), newFolder: allows(folderPermissions, 'createFolder') };
}

/** Whether an item of `kind` may be pasted (or dropped) into a folder with permission bits `folderPermissions`. */
export const canPasteInto = (folderPermissions: number, kind: ItemKind): boolean => allows(folderPermissions, addAction(kind));

/** Whether Paste may also remove the original ('Remove Original Copy', a move): `move` on the copied item. */
export const canRemoveOriginal = (itemPermissions: number): boolean => allows(itemPermissions, 'move');

/** The Properties dialog's Share tab (#29): a checklist's share links, with the table's `share` (Edit Permissions). */
export function offersShareLinks(item: ActionSubject & { doctype: Doctype | null }): boolean {
  return item.kind === 'document' && item.doctype === 'form' && allows(item.user_permissions, 'share');
}

/** The Properties dialog: editable with `edit`, its Permissions tab with `editPermissions` too. */
export function propertiesAccess(item: ActionSubject): { readOnly: boolean; permissionsTab: boolean } {
  const editable = allows(item.user_permissions, 'edit');
  return { readOnly: !editable, permissionsTab: editable && allows(item.user_permissions, 'editPermissions') };
}
