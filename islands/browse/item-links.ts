/** Where an item of the documentation tree opens. */
import type { ItemKind } from '../../src/shared/api/documentation.ts';

export const browsePath = (folderId?: string) => (folderId && folderId !== 'root' ? `/documentation/browse/${encodeURIComponent(folderId)}` : '/documentation/browse');
export const viewPath = (documentId: string) => `/documentation/view/${encodeURIComponent(documentId)}`;
export const editPath = (documentId: string) => `/documentation/edit/${encodeURIComponent(documentId)}`;
export const historyPath = (documentId: string) => `/documentation/${encodeURIComponent(documentId)}/history`;
export const trashPath = (folderId: string) => `/documentation/trash/${encodeURIComponent(folderId)}`;
export const openPath = (item: { kind: ItemKind; id: string }) => (item.kind === 'folder' ? browsePath(item.id) : viewPath(item.id));
