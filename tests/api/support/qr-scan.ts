/**
 * Reads a PDF of QR labels the way a printer and a phone would (issue #29): poppler's `pdftoppm` renders
 * each page at 300 dpi as PNG, and `zbarimg` decodes every code on a page. Where a code sits: zbar 0.23
 * (Debian's) gives no symbol positions, so each label's cell is cut out of the page (sharp) and jsQR finds
 * the code in it with its four corners; their mean is the code's centre, in mm from the page's corner.
 * Needs poppler-utils and zbar-tools (.ci/run installs them).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp, { type Sharp } from 'sharp';
import { labelCell, LABEL_SHEETS, labelsPerPage } from '../../../src/server/services/documentation/qr-labels/layouts.ts';
import type { QrLabelLayout } from '../../../src/shared/api/qr-labels.ts';

const run = promisify(execFile);

export const DPI = 300;
const pxOf = (mm: number) => (mm / 25.4) * DPI;
const mmOf = (px: number) => (px / DPI) * 25.4;

export interface RenderedPdf {
  /** The PNG of each page, in page order. */
  pages: string[];
  remove(): Promise<void>;
}

/** `pdftoppm -r 300 -png`: one PNG per page. */
export async function renderPdf(bytes: Uint8Array): Promise<RenderedPdf> {
  const dir = await mkdtemp(join(tmpdir(), 'rb-qr-scan-'));
  await writeFile(join(dir, 'labels.pdf'), bytes);
  await run('pdftoppm', ['-r', String(DPI), '-png', join(dir, 'labels.pdf'), join(dir, 'page')]);
  // page-1.png … or page-01.png … (padded to the page count's digits): sorted by number.
  const number = (file: string) => Number(/-(\d+)\.png$/.exec(file)?.[1]);
  const pages = (await readdir(dir))
    .filter((f) => f.endsWith('.png'))
    .sort((a, b) => number(a) - number(b))
    .map((f) => join(dir, f));
  return { pages, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Every QR code zbarimg decodes on a page (`--raw`: the data as it is), in no particular order. */
export async function decodePage(png: string): Promise<string[]> {
  try {
    const { stdout } = await run('zbarimg', ['--raw', '-q', '--nodbus', '-Sdisable', '-Sqrcode.enable', png]);
    return stdout.split('\n').filter(Boolean);
  } catch (err) {
    // Exit status 4: no code on the page.
    if ((err as { code?: number }).code === 4) return [];
    throw err;
  }
}

/** A rectangle of a page in mm from its top-left corner. */
type Rect = { left: number; top: number; width: number; height: number };

/** The page's pixels inside `rect` (clipped to the page), and where they start. */
async function cellOf(png: string, rect: Rect): Promise<{ image: Sharp; left: number; top: number }> {
  const image = sharp(png);
  const { width: pageWidth = 0, height: pageHeight = 0 } = await image.metadata();
  const left = Math.max(0, Math.floor(pxOf(rect.left)));
  const top = Math.max(0, Math.floor(pxOf(rect.top)));
  const width = Math.min(pageWidth - left, Math.ceil(pxOf(rect.width)));
  const height = Math.min(pageHeight - top, Math.ceil(pxOf(rect.height)));
  return { image: image.extract({ left, top, width, height }), left, top };
}

/**
 * The QR codes zbarimg decodes inside a rectangle of a page (mm from its top-left corner): one label's
 * cell on its own. A page of 48 small codes scanned at once missed one now and then (which one depends on
 * the addresses, so on the run); a cell alone, with its quiet zone, is what a phone sees.
 */
export async function decodeIn(png: string, rect: Rect): Promise<string[]> {
  const { image, left, top } = await cellOf(png, rect);
  const cell = `${png}.cell-${left}-${top}.png`;
  await image.toFile(cell);
  try {
    return await decodePage(cell);
  } finally {
    await rm(cell, { force: true });
  }
}

/**
 * Every code of a rendered sheet, page by page (sorted within a page), read label by label with
 * `decodeIn`: what each label's cell holds, as a phone pointed at it would read it. Where zbar finds nothing
 * in a cell, jsQR looks too (a second phone): an empty cell is one neither can read.
 */
export async function decodeSheet(rendered: RenderedPdf, layout: QrLabelLayout): Promise<string[][]> {
  const sheet = LABEL_SHEETS[layout];
  const perPage = labelsPerPage(sheet);
  return Promise.all(
    rendered.pages.map(async (png, page) => {
      const codes: string[] = [];
      for (let i = page * perPage; i < (page + 1) * perPage; i++) {
        const cell = labelCell(sheet, i);
        const read = await decodeIn(png, cell);
        if (read.length === 0) {
          const found = await codeIn(png, cell);
          if (found) read.push(found.data);
        }
        codes.push(...read);
      }
      return codes.sort();
    }),
  );
}

export interface FoundCode {
  data: string;
  /** The code's centre, in mm from the page's top-left corner. */
  x: number;
  y: number;
  /** The code's side (its modules, without the quiet zone), in mm. */
  side: number;
}

/** The code inside a rectangle of a page (mm from its top-left corner), read with jsQR; undefined when none is found. */
export async function codeIn(png: string, rect: Rect): Promise<FoundCode | undefined> {
  const { image, left, top } = await cellOf(png, rect);
  const { data, info } = await image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
  if (!found) return undefined;
  const { topLeftCorner: a, topRightCorner: b, bottomLeftCorner: c, bottomRightCorner: d } = found.location;
  return {
    data: found.data,
    x: mmOf(left + (a.x + b.x + c.x + d.x) / 4),
    y: mmOf(top + (a.y + b.y + c.y + d.y) / 4),
    side: mmOf(Math.hypot(b.x - a.x, b.y - a.y)),
  };
}
