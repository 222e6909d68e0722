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
 * (spreadsheets then read the text as UTF-8). Cells: shared/sheets/cells.ts.
 *
 * PDF (pdfkit, loaded on this route only): the checklist's name (at the row's version, as the single-row
 * screen shows it), who and when, the version and the number of invalid answers, then every question of
 * that version in order: title, description, answer, comments, Valid or Invalid, and thumbnails (at most
 * 160 px, JPEG, made with sharp) of its photos. Text in DejaVu Sans when the system has it (most scripts),
 * else the PDF's built-in Helvetica (Latin only).
 */
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { SheetExportQueryParsed } from '../../../shared/api/sheets-schemas.ts';
import { exportFileName } from '../../../shared/api/sheets.ts';
import { FIXED_OPTIONS, hasValue, orderedQuestions, type ValueType } from '../../../shared/checklists/index.ts';
import { sheetColumns, type Cell } from '../../../shared/sheets/cells.ts';
import { eachExportBatch } from '../../db/queries/sheet-rows-read.ts';
import { documentVersions, uploads } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import { presentSheetRow } from '../../presenters/sheets.ts';
import { storageFor, storageKeyOf } from '../../storage/index.ts';
import { submittedRow } from '../checklists/submissions.ts';
import { readableDocument } from '../documentation/access.ts';
import { freshSheetRows, readableSheet, windowOf } from './rows.ts';

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
              console.error('export failed', err);
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
  const columns = sheetColumns(sheet.contents);
  const q = { ...sheet.query, ...windowOf(query) };
  const body = pushedStream(async (write) => {
    await write(`\uFEFF${csvLines([columns.map((c) => c.title)])}`);
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

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const BOLD_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
/** Photos drawn per row at most (each a thumbnail): a row holds at most 20 per answer. */
const MAX_PHOTOS = 200;
const THUMBNAIL_PX = 160;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

function answerText(valueType: ValueType, value: unknown): string {
  if (!hasValue(value)) return 'Not answered';
  if (valueType === 'true/false' || valueType === 'pass/fail') {
    const option = (FIXED_OPTIONS[valueType] as readonly { value: unknown; label: string }[]).find((o) => o.value === value);
    if (option) return option.label;
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

async function streamBytes(stream: ReadableStream<Uint8Array>, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) return undefined;
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** Thumbnails (JPEG) of a row's photos by upload id: completed pictures of the row's checklist only. */
async function thumbnails(deps: Deps, orgId: string, documentId: string, ids: readonly string[]): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  if (ids.length === 0) return found;
  const rows = await deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.orgId, orgId), eq(uploads.documentId, documentId), inArray(uploads.id, [...ids]), isNotNull(uploads.completedAt)));
  const sharp = (await import('sharp')).default;
  const storage = storageFor(deps.config);
  for (const row of rows) {
    if (!IMAGE_TYPES.includes(row.contentType)) continue;
    try {
      const stream = await storage.read(storageKeyOf(row));
      const bytes = stream && (await streamBytes(stream, 30 * 1024 * 1024));
      if (!bytes) continue;
      found.set(row.id, await sharp(bytes).rotate().resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside' }).jpeg({ quality: 70 }).toBuffer());
    } catch {
      // A file that is not a picture after all is left out (the PDF says so).
    }
  }
  return found;
}

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
  const { default: PDFDocument } = await import('pdfkit');

  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: name, Author: row.created_by_username ?? '', Creator: 'Ringbinder' } });
  const unicode = existsSync(FONT) && existsSync(BOLD_FONT);
  const regular = unicode ? FONT : 'Helvetica';
  const bold = unicode ? BOLD_FONT : 'Helvetica-Bold';
  const width = doc.page.width - 100;

  doc.font(bold).fontSize(18).text(name, { width });
  doc.moveDown(0.5);
  doc.font(regular).fontSize(10).fillColor('#333333');
  doc.text(`Submitted By: ${row.created_by_username ?? 'Unknown'}`);
  doc.text(`Submitted At: ${row.created_at.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')}`);
  doc.text(`Version: ${row.version}`);
  doc.text(`Invalid Answers: ${row.validation_errors}`);
  doc.moveDown();

  questions.forEach(({ id, question }, i) => {
    const answer = row.record[id];
    if (doc.y > doc.page.height - 150) doc.addPage();
    doc.fillColor('#000000').font(bold).fontSize(12).text(question.title.trim() || `Question ${i + 1}`, { width });
    if (question.description.trim()) doc.font(regular).fontSize(9).fillColor('#555555').text(question.description, { width });
    doc.font(regular).fontSize(11).fillColor('#000000').text(`Answer: ${answerText(question.valueType, answer?.value)}`, { width });
    if (answer?.comments) doc.fontSize(10).text(`Comments: ${answer.comments}`, { width });
    if (answer) doc.fontSize(10).fillColor(answer.valid ? '#1b5e20' : '#b71c1c').text(answer.valid ? '✓ Valid' : '✗ Invalid');
    const media = answer?.media ?? [];
    const drawn = media.map((upload) => pictures.get(upload)).filter((p): p is Buffer => p !== undefined);
    if (drawn.length > 0) {
      doc.moveDown(0.3);
      const left = doc.page.margins.left;
      let x = left;
      let top = doc.y;
      for (const picture of drawn) {
        if (x + THUMBNAIL_PX > doc.page.width - doc.page.margins.right) {
          x = left;
          top += THUMBNAIL_PX + 8;
        }
        if (top + THUMBNAIL_PX > doc.page.height - doc.page.margins.bottom) {
          doc.addPage();
          top = doc.y;
          x = left;
        }
        doc.image(picture, x, top, { fit: [THUMBNAIL_PX, THUMBNAIL_PX] });
        x += THUMBNAIL_PX + 8;
      }
      doc.x = left;
      doc.y = top + THUMBNAIL_PX + 8;
    }
    const missing = media.length - drawn.length;
    if (missing > 0) doc.fillColor('#555555').fontSize(9).text(missing === 1 ? 'Photo not available' : `${missing} photos not available`);
    doc.moveDown();
  });
  doc.end();
  return {
    fileName: exportFileName(`${name} ${row.created_at.slice(0, 10)}`, 'pdf'),
    contentType: 'application/pdf',
    body: Readable.toWeb(doc) as ReadableStream<Uint8Array>,
  };
}
