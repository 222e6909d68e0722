/**
 * `rb:folders-changed` on document: folders were created, renamed, deleted, restored or moved. The
 * folder browser and the trash announce it; the drawer's Browse Documents list listens and reloads.
 */
export const FOLDERS_CHANGED = 'rb:folders-changed';

declare global {
  interface DocumentEventMap {
    'rb:folders-changed': Event;
  }
}

/** Tells the drawer (and anyone listening) that folders were created, renamed, deleted, restored or moved. */
export function announceFoldersChanged(): void {
  document.dispatchEvent(new Event(FOLDERS_CHANGED));
}
