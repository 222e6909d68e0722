/**
 * $clipboard: the item copied in the folder browser (Copy, or dragged onto a folder), waiting to be
 * pasted (documentation §2, §4 Paste). It lives in session storage, so it follows the user from folder
 * to folder and ends with the tab.
 */
import { atom } from 'nanostores';
import type { ItemKind } from '../../shared/api/documentation.ts';

export interface ClipboardItem {
  kind: ItemKind;
  id: string;
  name: string;
  /** The caller's permission bits on the item when it was copied ('Remove Original Copy' needs `move`). */
  permissions: number;
  /** The folder the item was copied from (its origin in the paste messages). */
  originId: string;
  originName: string;
}

const KEY = 'documentationClipboard';

function stored(): ClipboardItem | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const item = JSON.parse(raw) as ClipboardItem;
    // An entry kept from before permissions were kept offers a copy only.
    return { ...item, permissions: typeof item.permissions === 'number' ? item.permissions : 0 };
  } catch {
    return null;
  }
}

export const $clipboard = atom<ClipboardItem | null>(stored());

$clipboard.listen((item) => {
  try {
    if (item) sessionStorage.setItem(KEY, JSON.stringify(item));
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage unavailable: the clipboard lives as long as the page
  }
});

export const copyToClipboard = (item: ClipboardItem): void => $clipboard.set(item);
export const clearClipboard = (): void => $clipboard.set(null);
