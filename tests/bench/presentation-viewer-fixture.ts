/**
 * Presentations made over the real API with real files, for the viewer's browser tests
 * (tests/e2e/presentation-viewer.spec.ts) and its benchmark (presentation-viewer.ts): JPEG pages drawn by
 * sharp with their 256×256 thumbnails, a PDF, shapes of every kind. The document is created empty, its
 * files go through the signed-upload flow (sign-content-upload, then the multipart POST of the signed
 * fields and the file), and the contents are published with PUT — as the editor does.
 */
import sharp from 'sharp';
import { PAGE_THUMBNAIL_SIZE, type Page, type PresentationContents, type Shape } from '../../src/shared/presentations/model.ts';
import { PAGE_SMALL_PICTURE_SIDE } from '../../src/shared/presentations/small-picture.ts';

/** How a test or the bench reaches the API (its own helper, with its token). */
export interface PresentationApi {
  call<T>(method: 'GET' | 'POST' | 'PUT', path: string, json?: unknown): Promise<T>;
  /** The site's origin, e.g. http://127.0.0.1:4483 (a signed url may be relative to it). */
  origin: string;
}

export interface PageFile {
  filename: string;
  content_type: string;
  bytes: Buffer;
  /** A 256×256 JPEG thumbnail (none for a PDF). */
  thumb?: Buffer;
  /** The phone-size picture, as the editor makes it for a picture larger than 1,280 px (`smallPictureOf`); stored as `media_small`. */
  small?: Buffer;
  description: string;
  shapes?: Shape[];
  /** The picture's size as the editor stores it (issue #31); none: a page stored before. */
  size?: { width: number; height: number };
}

export interface StoredPresentation {
  id: string;
  name: string;
  version: number;
  contents: PresentationContents;
}

/** A JPEG of `width`×`height`: a coloured field with a darker block in the middle, so a thumbnail shows something. */
export async function pictureJpeg(width: number, height: number, colour: { r: number; g: number; b: number }): Promise<Buffer> {
  const block = await sharp({ create: { width: Math.round(width / 3), height: Math.round(height / 3), channels: 3, background: { r: 30, g: 34, b: 56 } } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: block, left: Math.round(width / 3), top: Math.round(height / 3) }])
    .jpeg({ quality: 60 })
    .toBuffer();
}

/**
 * A JPEG that weighs what a photo does (a few hundred KB at 2560×1440, quality 0.6): noise drawn at a
 * quarter of the size and scaled up, so the encoder finds texture everywhere, as in a photo.
 */
export async function photoJpeg(width: number, height: number): Promise<Buffer> {
  const texture = await sharp({ create: { width: Math.round(width / 4), height: Math.round(height / 4), channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } })
    .png()
    .toBuffer();
  return sharp(texture).resize(width, height).jpeg({ quality: 60 }).toBuffer();
}

/** The 256×256 thumbnail of a picture, as the editor makes it (the picture fitted inside, white around). */
export function thumbnailOf(picture: Buffer): Promise<Buffer> {
  return sharp(picture)
    .resize(PAGE_THUMBNAIL_SIZE, PAGE_THUMBNAIL_SIZE, { fit: 'contain', background: { r: 255, g: 255, b: 255 } })
    .jpeg({ quality: 60 })
    .toBuffer();
}

/** The phone-size picture of a picture, as the editor makes it: at most 1,280 px on its long side, quality 60. */
export function smallPictureOf(picture: Buffer): Promise<Buffer> {
  return sharp(picture).resize(PAGE_SMALL_PICTURE_SIDE, PAGE_SMALL_PICTURE_SIDE, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 60 }).toBuffer();
}

/** A small, valid one-page PDF. */
export function onePagePdf(text = 'Safety sheet'): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A shape with the model's defaults. */
export function shape(id: string, kind: Shape['shape'], extra: Partial<Shape> = {}): Shape {
  return { id, x: 100, y: 100, width: 120, height: 80, rotation: 0, color: 'red', strokeWidth: 1, shape: kind, description: '', ...extra };
}

interface Signed {
  upload_id: string;
  url: string;
  fields: Record<string, string>;
}

/** Sends files through the signed-upload flow; answers their upload ids in order. */
export async function uploadFiles(api: PresentationApi, documentId: string, files: { filename: string; content_type: string; bytes: Buffer }[]): Promise<string[]> {
  const ids: string[] = [];
  // Signed in batches, sent a few at a time.
  for (let start = 0; start < files.length; start += 20) {
    const batch = files.slice(start, start + 20);
    const signed = await api.call<Signed[]>(
      'POST',
      `documentation/documents/${documentId}/sign-content-upload`,
      batch.map((f) => ({ filename: f.filename, file_size: f.bytes.length, content_type: f.content_type })),
    );
    await Promise.all(
      batch.map(async (file, i) => {
        const target = signed[i]!;
        const form = new FormData();
        for (const [field, value] of Object.entries(target.fields)) form.append(field, value);
        form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.content_type }), file.filename);
        const url = new URL(target.url, api.origin);
        const sent = await fetch(`${api.origin}${url.pathname}${url.search}`, { method: 'POST', body: form });
        if (sent.status !== 204) throw new Error(`upload of ${file.filename} answered ${sent.status}: ${await sent.text()}`);
      }),
    );
    ids.push(...signed.map((s) => s.upload_id));
  }
  return ids;
}

/** Creates a presentation in `folderId` and publishes `pages` (empty: a presentation without pages). */
export async function createPresentation(api: PresentationApi, name: string, pages: PageFile[], folderId = 'root'): Promise<StoredPresentation> {
  const created = await api.call<StoredPresentation>('POST', 'documentation/documents', {
    folder_id: folderId,
    name,
    doctype: 'presentation',
    description: `About ${name}`,
    contents: { pages: {}, page_index: [] },
  });
  if (pages.length === 0) return created;
  const files = pages.flatMap((p) => [
    { filename: p.filename, content_type: p.content_type, bytes: p.bytes },
    ...(p.thumb ? [{ filename: `thumb-${p.filename.replace(/\.[^.]+$/, '')}.jpg`, content_type: 'image/jpeg', bytes: p.thumb }] : []),
    ...(p.small ? [{ filename: `small-${p.filename.replace(/\.[^.]+$/, '')}.jpg`, content_type: 'image/jpeg', bytes: p.small }] : []),
  ]);
  const ids = await uploadFiles(api, created.id, files);
  let next = 0;
  const contents: PresentationContents = { pages: {}, page_index: [] };
  pages.forEach((p, i) => {
    const pageID = `page-${i + 1}`;
    const media = ids[next++]!;
    const media_thumb = p.thumb ? ids[next++]! : null;
    const media_small = p.small ? ids[next++]! : undefined;
    const page: Page = {
      pageID,
      description: p.description,
      content_type: p.content_type,
      media,
      media_thumb,
      ...(media_small ? { media_small } : {}),
      filename: p.filename,
      size: p.bytes.length,
      lastModified: 1_763_900_000_000,
      ...(p.size ?? {}),
      shapes: p.shapes ?? [],
    };
    contents.pages[pageID] = page;
    contents.page_index.push(pageID);
  });
  return api.call<StoredPresentation>('PUT', `documentation/documents/${created.id}`, { version: created.version, contents, changelog: 'Pages added' });
}
