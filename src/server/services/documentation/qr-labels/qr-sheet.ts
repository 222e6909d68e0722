/**
 * QR label sheets (issue #29, docs/documentation-tree.md "QR codes and label sheets"):
 * - `GET documentation/folders/{id}/qr-sheet[?subtree=true]`: the labels a sheet would have, with each
 *   checklist's live share links when the caller may share it (the page's choices);
 * - `GET documentation/folders/{id}/qr-sheet.pdf?layout=…&subtree=…&share_links=…`: the PDF.
 *
 * Read on the folder (404 otherwise, like every folder read); the items the caller may Read
 * (./sheet-items.ts). A label's code holds `{PUBLIC_URL}/documentation/view/{id}` for a document,
 * `/documentation/browse/{id}` for a folder, or — for a checklist whose share link was chosen — the
 * link's `{PUBLIC_URL}/fill/{token}` (the token derived from the link's id, checklists/share-links.ts).
 * Choosing a link needs what managing it needs: Edit Permissions on the checklist (`share`). At most
 * QR_SHEET_MAX_LABELS labels a PDF (422 past it). The tree and the links are read in one snapshot; the
 * PDF is drawn after it, with pdfkit and the fonts loaded on this route only (docs/performance.md "Memory").
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { QR_SHEET_MAX_LABELS, type QrSheetItems, type QrShareLinkChoice } from '../../../../shared/api/qr-labels.ts';
import type { QrSheetQueryParsed } from '../../../../shared/api/qr-labels-schemas.ts';
import { exportFileName } from '../../../../shared/api/sheets.ts';
import { itemPath } from '../../../../shared/page-addresses.ts';
import { allows } from '../../../../shared/permissions/index.ts';
import type { Config } from '../../../config.ts';
import type { Queryable } from '../../../db/connection.ts';
import { shareLinks } from '../../../db/schema.ts';
import type { Deps, Member } from '../../../env.ts';
import { HttpError, validationFailed } from '../../../errors.ts';
import { appKey } from '../../../auth/app-key.ts';
import { labelPath, presentQrSheetItems } from '../../../presenters/qr-labels.ts';
import { readableAncestors, requireAction } from '../access.ts';
import { shareFillUrl, shareLinkToken } from '../../checklists/share-links.ts';
import { sheetItems, type SheetItem } from './sheet-items.ts';
import { recordActivity } from '../../activity.ts';
import type { SheetLabel } from './layouts.ts';

/** One snapshot of the tree: every statement of the read sees the same moment. */
const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** The address a label's code holds when no share link is chosen. */
export const itemAddress = (config: Pick<Config, 'publicUrl'>, item: Pick<SheetItem, 'kind' | 'id'>): string =>
  `${config.publicUrl}${itemPath(item)}`;

const isChecklist = (item: SheetItem) => item.kind === 'document' && item.doctype === 'form';

/** GET documentation/folders/{id}/qr-sheet. */
export async function qrSheetItems(deps: Deps, who: Member, folderId: string, subtree: boolean): Promise<QrSheetItems> {
  return deps.db.transaction(async (tx) => {
    const { access, items } = await sheetItems(tx, who, folderId, subtree);
    const listed = items.slice(0, QR_SHEET_MAX_LABELS);
    const shareable = listed.filter((item) => isChecklist(item) && allows(item.permissions, 'share')).map((item) => item.id);
    const links = await liveLinksOf(tx, who.orgId, shareable, deps.now());
    const above = readableAncestors(access.chain.slice(1), access.levels.slice(1), who);
    return presentQrSheetItems(access, above, listed, items.length, (item) => itemAddress(deps.config, item), (item) => links.get(item.id) ?? null);
  }, SNAPSHOT);
}

/** A label as the PDF draws it. */

export interface SheetPdf {
  fileName: string;
  labels: number;
  body: Readable;
}

/** GET documentation/folders/{id}/qr-sheet.pdf. */
export async function qrSheetPdf(deps: Deps, who: Member, folderId: string, query: QrSheetQueryParsed): Promise<SheetPdf> {
  const { folderName, folderIdOf, labels } = await deps.db.transaction(async (tx) => {
    const { access, items } = await sheetItems(tx, who, folderId, query.subtree);
    if (items.length > QR_SHEET_MAX_LABELS) {
      throw new HttpError(
        422,
        `A sheet holds at most ${QR_SHEET_MAX_LABELS} labels; this one would have ${items.length}. Choose a smaller folder, or leave out its subfolders.`,
      );
    }
    const chosen = await chosenLinks(tx, who, items, query.share_links, deps.now());
    const key = chosen.size > 0 ? await appKey(deps.config) : undefined;
    return {
      folderName: access.folder.name,
      folderIdOf: access.folder.id,
      labels: items.map((item): SheetLabel => {
        const link = chosen.get(item.id);
        return {
          name: item.name,
          path: labelPath(item.path),
          url: link && key ? shareFillUrl(deps.config, shareLinkToken(key, link)) : itemAddress(deps.config, item),
          anyone: !!(link && key),
        };
      }),
    };
  }, SNAPSHOT);
  // A sheet made is a first step taken (issue #32: the dashboard's "Print QR labels for a folder"); the log shows it.
  await recordActivity(deps.db, {
    type: 'FolderLabelsPrinted',
    orgId: who.orgId,
    actorId: who.userId,
    at: deps.now(),
    folderId: folderIdOf,
    context: { name: folderName, labels: labels.length },
  });
  // Loaded here, on the PDF route only: pdfkit, qrcode, the fonts and the drawing.
  const { labelSheetPdf } = await import('./label-sheet-pdf.ts');
  const name = `${folderName} QR labels`;
  return { fileName: exportFileName(name, 'pdf'), labels: labels.length, body: labelSheetPdf(query.layout, labels, `QR labels: ${folderName}`) };
}

/** The share links of these checklists that are neither revoked nor expired, newest first, by checklist. */
async function liveLinksOf(tx: Queryable, orgId: string, checklistIds: readonly string[], now: Date): Promise<Map<string, QrShareLinkChoice[]>> {
  const byChecklist = new Map<string, QrShareLinkChoice[]>(checklistIds.map((id) => [id, []]));
  if (checklistIds.length === 0) return byChecklist;
  const rows = await tx
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.orgId, orgId), inArray(shareLinks.documentId, [...checklistIds]), isNull(shareLinks.revokedAt)));
  rows
    .filter((link) => link.expiresAt === null || link.expiresAt > now)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .forEach((link) => byChecklist.get(link.documentId)?.push({ id: link.id, name: link.name, expires_at: link.expiresAt?.toISOString() ?? null }));
  return byChecklist;
}

const refused = (message: string) => validationFailed([{ field: 'share_links', message }]);

/**
 * The share link chosen for each checklist, by checklist id: each must be a link of a checklist on the
 * sheet (422), which the caller may share (403, as managing its links), live (422), one per checklist (422).
 */
async function chosenLinks(tx: Queryable, who: Member, items: readonly SheetItem[], linkIds: readonly string[], now: Date): Promise<Map<string, string>> {
  const chosen = new Map<string, string>();
  if (linkIds.length === 0) return chosen;
  const checklists = new Map(items.filter(isChecklist).map((item) => [item.id, item]));
  const rows = await tx
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.orgId, who.orgId), inArray(shareLinks.id, [...linkIds])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of linkIds) {
    const link = byId.get(id);
    const checklist = link && checklists.get(link.documentId);
    if (!link || !checklist) throw refused(`${id} is not a share link of a checklist on this sheet`);
    requireAction(checklist.permissions, 'share', 'document');
    if (link.revokedAt !== null) throw refused(`the link '${link.name}' has been revoked`);
    if (link.expiresAt !== null && link.expiresAt <= now) throw refused(`the link '${link.name}' has expired`);
    if (chosen.has(checklist.id)) throw refused(`choose one link for '${checklist.name}'`);
    chosen.set(checklist.id, link.id);
  }
  return chosen;
}
