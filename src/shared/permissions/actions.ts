/**
 * THE table from an action to the permission bits it needs (documentation §4: "Read allows view and view
 * results; Write allows edit, copy, drag and drop, add items; Delete allows the delete option"). The
 * server's checks and every screen that offers an action read this one table, so the browser never
 * offers what the API refuses, nor hides what it allows.
 *
 * `on` says whose bits count: the item itself, or the folder an item is created in (or pasted into).
 * Bits are all required (a mask). Org admins hold every bit (32767) everywhere, so they pass every row.
 */
import { Permission } from './bits.ts';

export interface ActionRule {
  /** Whose permissions are checked: the item acted on, or the destination folder. */
  on: 'item' | 'folder';
  /** Every bit of this mask is needed. */
  bits: number;
  /** The end of the 403 detail, after 'You need the … permission ' (e.g. 'to edit this document'). */
  purpose: string;
}

const { Read, Write, Delete, EditPermissions, CreateDocuments, CreateFolders } = Permission;

export const actions = {
  /** Open a folder or document, see it listed. */
  view: { on: 'item', bits: Read, purpose: 'to see this item' },
  /** See a checklist's, sheet's or report's submitted rows. */
  viewResults: { on: 'item', bits: Read, purpose: 'to see the results of this document' },
  /** Fill in a checklist (and upload its photos). */
  submit: { on: 'item', bits: Read, purpose: 'to fill in this checklist' },
  /** Change name, description, contents; publish or discard. */
  edit: { on: 'item', bits: Write, purpose: 'to edit this item' },
  /** Upload media into a document that is not a checklist (presentation pages, question media). */
  upload: { on: 'item', bits: Write, purpose: 'to add media to this document' },
  /** Put the item on the copy clipboard (Copy, or dragging it). */
  copy: { on: 'item', bits: Write, purpose: 'to copy this item' },
  /** Drag the item onto a folder or a breadcrumb (which copies it). */
  drag: { on: 'item', bits: Write, purpose: 'to drag this item' },
  /** Paste with 'Remove Original Copy': a copy that also removes the original. */
  move: { on: 'item', bits: Write | Delete, purpose: 'to move this item' },
  /** Move the item to the trash. */
  delete: { on: 'item', bits: Delete, purpose: 'to delete this item' },
  /** Change who may do what on the item (the Permissions tab). */
  editPermissions: { on: 'item', bits: EditPermissions, purpose: 'to change the permissions of this item' },
  /** Follow the item's changes (favourite, subscribe) and be notified. */
  subscribe: { on: 'item', bits: Read, purpose: 'to follow this item' },
  /** Make, list and revoke a checklist's share links (fill without an account; the Share tab). */
  share: { on: 'item', bits: EditPermissions, purpose: 'to share this checklist' },
  /** Assign the item to someone. */
  assign: { on: 'item', bits: Write, purpose: 'to assign this item' },
  /** Create, paste or move a document into this folder. */
  createDocument: { on: 'folder', bits: Write | CreateDocuments, purpose: 'on this folder to add a document to it' },
  /** Create, paste or move a folder into this folder. */
  createFolder: { on: 'folder', bits: Write | CreateFolders, purpose: 'on this folder to add a folder to it' },
} as const satisfies Record<string, ActionRule>;

export type Action = keyof typeof actions;

/** Whether permission bits `mask` (the caller's on the item or folder the rule names) allow `action`. */
export function allows(mask: number, action: Action): boolean {
  const { bits } = actions[action];
  return (mask & bits) === bits;
}

/** The action that adds an item of `kind` to a folder (create, paste, move). */
export function addAction(kind: 'folder' | 'document'): 'createFolder' | 'createDocument' {
  return kind === 'folder' ? 'createFolder' : 'createDocument';
}
