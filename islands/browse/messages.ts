/** The folder browser's words (documentation §2, §4, §8), exactly as the spec gives them. */
import type { ItemKind } from '../../src/shared/api/documentation.ts';
import { EMPTY_FOLDER } from '../../src/shared/first-paint/folder.ts';

const kindWord = (kind: ItemKind) => (kind === 'folder' ? 'Folder' : 'Document');

export const messages = {
  empty: EMPTY_FOLDER,
  folderAccessFailed: 'Something went wrong trying to access this folder...',
  /** Shown with the folder's name as a link in place of {link}. */
  folderCreated: 'Folder {link} created.',
  documentCreated: 'Document Created.',
  deleted: (kind: ItemKind, name: string) => `${kindWord(kind)}: ${name} Successfully Deleted`,
  deleteFailed: (kind: ItemKind, name: string, detail: string) => `${kindWord(kind)}: ${name} could not be deleted... ${detail}`,
  restored: (name: string) => `${name} successfully restored`,
  edited: (kind: ItemKind, name: string) => `${kindWord(kind)}: ${name} Successfully Edited`,
  pasted: (name: string, origin: string, dest: string, moved: boolean) =>
    `${name} pasted from ${origin} to ${dest}${moved ? ` and removed from ${origin}` : ''}`,
  returned: (name: string, origin: string) => `${name} returned to ${origin}`,
  kindWord,
} as const;

/** The root folder's name ('Documentation') and the name a folder is shown by: the first paint's (src/shared/first-paint/folder.ts). */
export { DOCUMENTATION, folderLabel } from '../../src/shared/first-paint/folder.ts';
