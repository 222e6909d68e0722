/**
 * Exports (issue #13, beyond the spec): a result sheet's rows as CSV, one submitted row as a PDF. Each
 * checks what the data it shows needs — Read on the sheet (and, column by column, on its checklists) for
 * the CSV, Read on the row's checklist for the PDF — BEFORE the first byte is written, so a refusal is the
 * usual `{detail}` answer; then the file streams.
 *
 * CSV: the sheet's rows brought up to date, then read through a cursor in batches of CSV_BATCH
 * (db/queries/sheet-rows-read.ts `eachExportBatch`), each batch written as CSV (`csvLines`: RFC 4180,
 * CRLF — the same text csv-stringify wrote, in a quarter of the time) and handed to the answer's stream,
 * which waits while the client is slow: 100,000 rows never sit in memory. A UTF-8 byte order mark first
 * (spreadsheets then read the text as UTF-8). Cells: shared/sheets/cells.ts; the header cells are guarded
 * against formulas by the same `safeText` as the answers (issue #28).
 *
 * PDF (pdfkit and ./pdf-fonts.ts, loaded on this route only): the checklist's name (at the row's version,
 * as the single-row screen shows it), who and when, the version and the number of invalid answers, then
 * every question of that version in order: title, description, answer, comments, Valid or Invalid, and
 * thumbnails (at most 160 px, JPEG, made with sharp) of its photos. Every script a user may type is drawn
 * (pdf-fonts.ts). Tagged PDF 1.7 for screen readers (issue #28): a structure tree (Document; H1 the name;
 * P each line; one Sect per question with H2 its title, P its lines, Figure each photo with a text
 * alternative), a title the viewer shows instead of the file name, and the language (English: the PDF's
 * own words are).
 */
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { SheetExportQueryParsed } from '../../../shared/api/sheets-schemas.ts';
import { exportFileName } from '../../../shared/api/sheets.ts';
import { orderedQuestions } from '../../../shared/checklists/index.ts';
import { mediaPagePath } from '../../../shared/page-addresses.ts';
import { safeText, sheetColumns, type Cell } from '../../../shared/sheets/cells.ts';
import { eachExportBatch } from '../../db/queries/sheet-rows-read.ts';
import { documentVersions } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { presentSheetRow } from '../../presenters/sheets.ts';
import { submittedRow } from '../checklists/submissions.ts';
import { readableDocument } from '../documentation/access.ts';
import { MAX_PHOTOS, thumbnails } from './row-thumbnails.ts';
import { freshSheetRows, readableSheet, windowOf } from './rows.ts';
import { logger } from '../../operations/logger.ts';

/** Rows fetched from the cursor at a time. */
export const CSV_BATCH = 2000;

export interface ExportFile {
  fileName: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/** A stream fed by `produce`, which awaits `write` (back-pressure: it resolves when the reader wants more). */
function pushedStream(produce: (write: (chunk: string | Uint8Array) => Promise<void>) => Promise<void>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let wanted: (() => void) | undefined;
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const write = async (chunk: string | Uint8Array) => {
          if (cancelled) throw new Error('the download was cancelled');
          controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
          while (!cancelled && (controller.desiredSize ?? 1) <= 0) await new Promise<void>((resolve) => (wanted = resolve));
          if (cancelled) throw new Error('the download was cancelled');
        };
        produce(write).then(
          () => controller.close(),
          (err: unknown) => {
            if (!cancelled) {
              logger().error({ err }, 'export failed');
              controller.error(err);
            }
          },
        );
      },
      pull() {
        wanted?.();
        wanted = undefined;
      },
      cancel() {
        cancelled = true;
        wanted?.();
      },
    },
    { highWaterMark: 4 * 64 * 1024, size: (chunk) => chunk.byteLength },
  );
}

const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;

/** One cell as CSV (RFC 4180): numbers bare; text quoted, its quotes doubled, when it holds a comma, quote or line break. */
const csvField = (cell: Cell): string => (typeof cell === 'number' ? String(cell) : NEEDS_QUOTES.test(cell) ? `"${cell.replace(QUOTE, '""')}"` : cell);

/** Lines of cells as CSV, each ended by CRLF. */
export const csvLines = (lines: readonly (readonly Cell[])[]): string => {
  let text = '';
  for (const line of lines) text += `${line.map(csvField).join(',')}\r\n`;
  return text;
};

/** GET documentation/documents/{id}/export.csv: every row of the window, newest first. */
export async function sheetCsv(deps: Deps, who: Member, id: string, query: SheetExportQueryParsed): Promise<ExportFile> {
  const sheet = await readableSheet(deps.db, who, id);
  await freshSheetRows(deps, sheet);
  const columns = sheetColumns(sheet.contents, {
    formNames: sheet.formNames,
    mediaAddress: (form, upload) => `${deps.config.publicUrl}${mediaPagePath(form, upload)}`,
  });
  const q = { ...sheet.query, ...windowOf(query) };
  const body = pushedStream(async (write) => {
    await write(`\uFEFF${csvLines([columns.map((c) => safeText(c.title))])}`);
    await eachExportBatch(deps.db, q, CSV_BATCH, async (batch) => {
      const lines = batch.map((raw) => {
        const row = presentSheetRow(sheet.contents, sheet.query.readable, { ...raw, submissions: {} });
        return columns.map((c) => c.cell(row));
      });
      await write(csvLines(lines));
    });
  });
  return { fileName: exportFileName(sheet.document.name, 'csv'), contentType: 'text/csv; charset=utf-8', body };
}

// ─── PDF ──────────────────────────────────────────────────────────────────────────────────────────

/** GET documentation/documents/documentdata/{row_id}/export.pdf: Read on the row's checklist (404 alike otherwise). */
export async function rowPdf(deps: Deps, who: Member, rowId: string): Promise<ExportFile> {
  const row = await submittedRow(deps, who, rowId);
  const checklist = await readableDocument(deps.db, who, row.document_id);
  const [version] = await deps.db
    .select()
    .from(documentVersions)
    .where(and(eq(documentVersions.documentId, row.document_id), eq(documentVersions.version, row.version)));
  const name = version?.name ?? checklist.document.name;
  const questions = orderedQuestions((version?.contents ?? checklist.document.contents) as Record<string, unknown>);
  const photoIds = questions.flatMap(({ id }) => row.record[id]?.media ?? []).slice(0, MAX_PHOTOS);
  const pictures = await thumbnails(deps, who.orgId, row.document_id, photoIds);
  // Loaded here, on the PDF route only: pdfkit, its fonts and the drawing (docs/performance.md "Memory").
  const { rowPdfDocument } = await import('./row-pdf.ts');
  const doc = rowPdfDocument({
    name,
    submittedBy: row.created_by_username,
    submittedAt: row.created_at,
    version: row.version,
    invalidAnswers: row.validation_errors,
    questions,
    record: row.record,
    pictures,
  });
  return {
    fileName: exportFileName(`${name} ${row.created_at.slice(0, 10)}`, 'pdf'),
    contentType: 'application/pdf',
    body: Readable.toWeb(doc) as ReadableStream<Uint8Array>,
  };
}
