/**
 * The pages of a submitted row's PDF (issue #13), drawn with pdfkit from what exports.ts `rowPdf` gathered
 * and checked. Imported on the PDF route only, with pdfkit and the fonts: a server that never makes a PDF
 * never loads them (docs/performance.md "Memory").
 *
 * Issue #28: the text in every script (./pdf-fonts.ts), and a tagged PDF 1.7 that screen readers can walk:
 * its structure tree is Document → H1 (the checklist's name), P (who, when, version, invalid answers), then
 * one Sect per question → H2 (its title), P (description, answer, comments, Valid or Invalid), Figure (each
 * photo, with a text alternative). The title the viewer shows is the name and the row's time; the
 * language is English (the PDF's own words; answers are in whatever language they were typed).
 */
import PDFDocument from 'pdfkit';
import { FIXED_OPTIONS, hasValue, type Question, type RecordedAnswer, type ValueType } from '../../../shared/checklists/index.ts';
import { utcDateTime } from '../../../shared/sheets/cells.ts';
import { THUMBNAIL_PX } from './row-thumbnails.ts';
import { PdfFonts, type TextStyle } from './pdf-fonts.ts';

export interface RowPdfContent {
  /** The checklist's name at the row's version. */
  name: string;
  submittedBy: string | null;
  /** ISO 8601. */
  submittedAt: string;
  version: number;
  invalidAnswers: number;
  questions: readonly { id: string; question: Question }[];
  record: Readonly<Record<string, RecordedAnswer | undefined>>;
  /** Thumbnails (JPEG, at most THUMBNAIL_PX a side) by upload id; a photo without one is "not available". */
  pictures: ReadonlyMap<string, Buffer>;
}

const LANGUAGE = 'en';

const TITLE: TextStyle = { weight: 'bold', size: 18, colour: '#000000' };
const DETAILS: TextStyle = { weight: 'regular', size: 10, colour: '#333333' };
const QUESTION: TextStyle = { weight: 'bold', size: 12, colour: '#000000' };
const DESCRIPTION: TextStyle = { weight: 'regular', size: 9, colour: '#555555' };
const ANSWER: TextStyle = { weight: 'regular', size: 11, colour: '#000000' };
const COMMENTS: TextStyle = { weight: 'regular', size: 10, colour: '#000000' };
const VALID: TextStyle = { weight: 'regular', size: 10, colour: '#1b5e20' };
const INVALID: TextStyle = { weight: 'regular', size: 10, colour: '#b71c1c' };
const NOTE: TextStyle = { weight: 'regular', size: 9, colour: '#555555' };

function answerText(valueType: ValueType, value: unknown): string {
  if (!hasValue(value)) return 'Not answered';
  if (valueType === 'true/false' || valueType === 'pass/fail') {
    const option = (FIXED_OPTIONS[valueType] as readonly { value: unknown; label: string }[]).find((o) => o.value === value);
    if (option) return option.label;
  }
  if (valueType === 'datetime' && typeof value === 'string') {
    const at = utcDateTime(value);
    if (at) return `${at} UTC`;
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The row's PDF, ended: read it as a stream. */
export function rowPdfDocument(content: RowPdfContent): PDFKit.PDFDocument {
  const submittedAt = `${utcDateTime(content.submittedAt) ?? content.submittedAt} UTC`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    pdfVersion: '1.7',
    tagged: true,
    lang: LANGUAGE,
    displayTitle: true,
    info: { Title: `${content.name}, submitted ${submittedAt}`, Author: content.submittedBy ?? '', Creator: 'Ringbinder' },
  });
  const fonts = new PdfFonts(doc);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const root = doc.struct('Document');
  doc.addStructure(root);

  /** One structure element of `parent` holding one paragraph (or heading) of text. */
  const block = (parent: PDFKit.PDFStructureElement, type: string, text: string, style: TextStyle) =>
    parent.add(doc.struct(type, {}, () => fonts.write(text, style, { width })));

  block(root, 'H1', content.name, TITLE);
  doc.moveDown(0.5);
  block(root, 'P', `Submitted By: ${content.submittedBy ?? 'Unknown'}`, DETAILS);
  block(root, 'P', `Submitted At: ${submittedAt}`, DETAILS);
  block(root, 'P', `Version: ${content.version}`, DETAILS);
  block(root, 'P', `Invalid Answers: ${content.invalidAnswers}`, DETAILS);
  doc.moveDown();

  content.questions.forEach(({ id, question }, i) => {
    const answer = content.record[id];
    const title = question.title.trim() || `Question ${i + 1}`;
    if (doc.y > doc.page.height - 150) doc.addPage();
    const section = doc.struct('Sect');
    root.add(section);
    block(section, 'H2', title, QUESTION);
    if (question.description.trim()) block(section, 'P', question.description, DESCRIPTION);
    block(section, 'P', `Answer: ${answerText(question.valueType, answer?.value)}`, ANSWER);
    if (answer?.comments) block(section, 'P', `Comments: ${answer.comments}`, COMMENTS);
    if (answer) block(section, 'P', answer.valid ? '✓ Valid' : '✗ Invalid', answer.valid ? VALID : INVALID);
    const media = answer?.media ?? [];
    const drawn = media.map((upload) => content.pictures.get(upload)).filter((p): p is Buffer => p !== undefined);
    if (drawn.length > 0) drawPhotos(doc, section, drawn, title);
    const missing = media.length - drawn.length;
    if (missing > 0) block(section, 'P', missing === 1 ? 'Photo not available' : `${missing} photos not available`, NOTE);
    section.end();
    doc.moveDown();
  });
  root.end();
  doc.end();
  return doc;
}

/** The photos as a grid of thumbnails, each a Figure named for screen readers; a new page when the next row does not fit. */
function drawPhotos(doc: PDFKit.PDFDocument, section: PDFKit.PDFStructureElement, pictures: readonly Buffer[], title: string): void {
  doc.moveDown(0.3);
  const left = doc.page.margins.left;
  let x = left;
  let top = doc.y;
  pictures.forEach((picture, n) => {
    if (x + THUMBNAIL_PX > doc.page.width - doc.page.margins.right) {
      x = left;
      top += THUMBNAIL_PX + 8;
    }
    if (top + THUMBNAIL_PX > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      top = doc.y;
      x = left;
    }
    const at = x;
    const alt = pictures.length === 1 ? `Photo of the answer to ${title}` : `Photo ${n + 1} of ${pictures.length} of the answer to ${title}`;
    section.add(doc.struct('Figure', { alt }, () => doc.image(picture, at, top, { fit: [THUMBNAIL_PX, THUMBNAIL_PX] })));
    x += THUMBNAIL_PX + 8;
  });
  doc.x = left;
  doc.y = top + THUMBNAIL_PX + 8;
}
