/**
 * A result sheet's or report's rows (issue #13; documentation §7 `sheet-data`): who may read them and
 * what each reader sees. Read on the sheet is needed (404 otherwise, like any document); the rows are
 * joined in PostgreSQL (db/queries/sheet-rows.ts) over the sheet's published contents; the answers of a
 * checklist the reader cannot Read (or that is in the trash, or not a checklist of the organisation) are
 * never selected: its submissions are unnamed, its submitters never a row's author, and — when the reader
 * may not Read it at all — its columns are left out of the contents (services/sheets/readers.ts; the CSV
 * and the report take them from here). The rows themselves do not depend on the reader (an unreadable
 * checklist still joins its children).
 */
import type { SheetDataQueryParsed, SheetExportQueryParsed } from '../../../shared/api/sheets-schemas.ts';
import type { SheetData, SheetRow } from '../../../shared/api/sheets.ts';
import { formTree } from '../../../shared/sheets/links.ts';
import type { SheetContents } from '../../../shared/sheets/model.ts';
import type { Queryable } from '../../db/connection.ts';
import { refreshSheetRows } from '../../db/queries/sheet-rows.ts';
import { readSheetPage, type RawSheetRow, type SheetRowsQuery } from '../../db/queries/sheet-rows-read.ts';
import type { Deps, Member } from '../../env.ts';
import { badRequest } from '../../errors.ts';
import { readableDocument, type DocumentRow } from '../documentation/access.ts';
import { presentSheetContents, presentSheetRow } from '../../presenters/sheets.ts';
import { formsSeenBy } from './readers.ts';

/** A sheet as its rows need it: the document, its contents read defensively, and what the reader may see. */
export interface ReadableSheet {
  document: DocumentRow;
  /** The contents as the reader sees them: without the checklists they may not Read (their columns). */
  contents: SheetContents;
  /** The names of the checklists the reader may see, by id (columns titled alike are told apart by them). */
  formNames: ReadonlyMap<string, string>;
  query: Omit<SheetRowsQuery, 'start' | 'end'>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Stored contents as the sheet model (contents stored before issue #13's checks may lack parts: they are left out). */
export function sheetContentsOf(raw: unknown): SheetContents {
  const c = isRecord(raw) ? raw : {};
  const questions: SheetContents['questions'] = {};
  for (const [id, q] of Object.entries(isRecord(c.questions) ? c.questions : {})) {
    if (isRecord(q) && typeof q.form_id === 'string') questions[id] = q as unknown as SheetContents['questions'][string];
  }
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const links: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(isRecord(c.form_links) ? c.form_links : {})) links[k] = typeof v === 'string' ? v : null;
  return { questions, question_index: strings(c.question_index).filter((id) => Object.hasOwn(questions, id)), form_links: links, form_ids: strings(c.form_ids) };
}

/** A result sheet or report the caller may Read: 404 otherwise; 400 for another doctype. */
export async function readableSheet(db: Queryable, who: Member, id: string): Promise<ReadableSheet> {
  const access = await readableDocument(db, who, id);
  const document = access.document;
  if (document.doctype !== 'sheet' && document.doctype !== 'report') throw badRequest('Only result sheets and reports have sheet data');
  const contents = sheetContentsOf(document.contents);
  const forms = await formsSeenBy(db, who, contents.form_ids);
  return {
    document,
    contents: sheetContentsOf(presentSheetContents(contents, forms.visible)),
    formNames: forms.names,
    // The rows are joined over the whole tree, whoever reads them (the build is shared).
    query: { orgId: who.orgId, sheetId: document.id, tree: formTree(contents), readable: forms.readable },
  };
}

export const windowOf = (query: SheetExportQueryParsed) => ({
  start: query.start_time === undefined ? undefined : new Date(query.start_time * 1000),
  end: query.end_time === undefined ? undefined : new Date(query.end_time * 1000),
});

/**
 * The sheet's rows brought up to date (db/queries/sheet-rows.ts `refreshSheetRows`): the CSV export's
 * first step; the page's read checks on its own.
 */
export async function freshSheetRows(deps: Deps, sheet: ReadableSheet): Promise<void> {
  if (sheet.query.tree.roots.length > 0) await refreshSheetRows(deps.db, sheet.query);
}

/** A page and the window's count from the sheet's rows, brought up to date first when they are not. */
async function pageOf(deps: Deps, q: SheetRowsQuery, page: { skip: number; limit: number }): Promise<{ rows: RawSheetRow[]; total: number }> {
  if (q.tree.roots.length === 0) return { rows: [], total: 0 };
  const read = await readSheetPage(deps.db, q, page);
  if (read) return read;
  // Submissions made after the refresh may wait for the next read: the rows hold all made before this read.
  for (let tries = 0; tries < 3; tries++) {
    await refreshSheetRows(deps.db, q);
    const again = await readSheetPage(deps.db, q, page, false);
    if (again) return again;
  }
  throw new Error('sheet rows: built for another link tree after three refreshes');
}

/** GET documentation/documents/{id}/sheet-data: one page of rows, newest first, and how many the window holds. */
export async function sheetData(deps: Deps, who: Member, id: string, query: SheetDataQueryParsed): Promise<SheetData> {
  const sheet = await readableSheet(deps.db, who, id);
  const read = await pageOf(deps, { ...sheet.query, ...windowOf(query) }, { skip: query.skip, limit: query.limit });
  return { results: read.rows.map((raw): SheetRow => presentSheetRow(sheet.contents, sheet.query.readable, raw)), total: read.total };
}
