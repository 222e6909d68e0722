/**
 * THE page addresses of the documentation area (src/routes.ts), built in this one module for the browser
 * (screens, islands, elements, the first paints' markup) and the server (e-mails, exports): the viewer,
 * editor, history, results, trash, browser and search link to each other only through these. Reading an
 * address (which page, which segment) is the browser's: src/client/addresses.ts.
 */
import { ROOT, WHOLE_TRASH_SEGMENT } from './api/doctypes-and-limits.ts';

const seg = encodeURIComponent;

export const browsePath = (folderId?: string | null): string =>
  folderId ? `/documentation/browse/${seg(folderId)}` : '/documentation/browse';
/** The viewer of the latest version, or of version `version`. */
export const viewPath = (id: string, version?: number): string =>
  version === undefined ? `/documentation/view/${seg(id)}` : `/documentation/view/${seg(id)}/version/${version}`;
/** The viewer of one submitted row `rowId` of checklist `id` (a correction's assignment leads there). */
export const submittedRowPath = (id: string, rowId: string): string => `/documentation/view/${seg(id)}/${seg(rowId)}`;
/** Where a listed item opens: a folder in the browser, a document in its viewer. */
export const itemPath = (item: { kind: 'folder' | 'document'; id: string }): string =>
  item.kind === 'folder' ? browsePath(item.id) : viewPath(item.id);
export const editPath = (id: string): string => `/documentation/edit/${seg(id)}`;
export const historyPath = (id: string): string => `/documentation/${seg(id)}/history`;
/** The results of a document (a sheet's grid), or one submitted row `rowId` among them. */
export const resultsPath = (id: string, rowId?: string): string =>
  rowId === undefined ? `/documentation/results/${seg(id)}` : `/documentation/results/${seg(id)}/${seg(rowId)}`;
/** The QR label sheets of a folder's items (issue #29). */
export const qrSheetPath = (folderId: string): string => `/documentation/qr-sheet/${seg(folderId)}`;
/** The trash, whole (the spec's form, `/documentation/trash/1`) or of one folder. */
export const trashPath = (folderId: string = ROOT): string => `/documentation/trash/${folderId === ROOT ? WHOLE_TRASH_SEGMENT : seg(folderId)}`;
/** The search page with its form's fields (`{ folder }`: searching under a folder). */
export const searchPath = (fields: Record<string, string> | URLSearchParams): string => `/documentation/search?${new URLSearchParams(fields)}`;
/**
 * The app's page that opens one photo of an answer for a signed-in reader (src/pages/documentation/media.astro):
 * a lasting address for a CSV cell, unlike a signed media address, which expires in minutes.
 */
export const mediaPagePath = (documentId: string, uploadId: string): string => `/documentation/media/${seg(documentId)}/${seg(uploadId)}`;

/** A schedule's page (issue #44): its occurrences. */
export const schedulePath = (id: string): string => `/documentation/schedules/${encodeURIComponent(id)}`;
