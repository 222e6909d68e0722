/**
 * The file-intake step (documentation §5 "Files added to a presentation pass a file-intake step"): a file
 * is refused before any upload when the server would refuse it (the types of UPLOAD_CONTENT_TYPES — a
 * picture of another type the browser can redraw becomes a JPEG first —, at most MAX_UPLOAD_BYTES, not
 * empty, a name of at most MAX_NAME_LENGTH characters), and no more pages than a presentation holds.
 * Pure: it reads only the files' names, types and sizes. The messages name the file and say why.
 */
import { MAX_NAME_LENGTH } from '../../src/shared/api/documentation.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_CONTENT_TYPES } from '../../src/shared/constants.ts';
import { MAX_PAGES } from '../../src/shared/presentations/model.ts';

export interface IntakeFile {
  name: string;
  type: string;
  size: number;
}

const MEGABYTES = MAX_UPLOAD_BYTES / 1024 / 1024;

/** Kept for the file chooser's `accept`: what can become a page. */
export const ACCEPTED_FILES = [...UPLOAD_CONTENT_TYPES, 'image/*'].join(',');

const allowed = (type: string) => (UPLOAD_CONTENT_TYPES as readonly string[]).includes(type.toLowerCase());
/** A picture the compressor turns into a JPEG (not GIF or SVG, which are sent as they are). */
const redrawable = (type: string) => /^image\//i.test(type) && !/^image\/(gif|svg\+xml)$/i.test(type);

/** Why a file cannot become a page, before it is compressed; undefined when it can. */
export function refusal(file: IntakeFile): string | undefined {
  if (!allowed(file.type) && !redrawable(file.type)) {
    return `'${file.name}' cannot be added: only pictures (JPEG, PNG, WebP, GIF), PDF documents and MP4 videos can be pages.`;
  }
  if (file.size === 0) return `'${file.name}' cannot be added: the file is empty.`;
  if (file.name.trim().length > MAX_NAME_LENGTH) return `'${file.name.slice(0, 40)}…' cannot be added: its name is longer than ${MAX_NAME_LENGTH} characters.`;
  // A picture that will be redrawn may come out smaller; anything else is sent as it is.
  if (!redrawable(file.type) && file.size > MAX_UPLOAD_BYTES) return `'${file.name}' cannot be added: a file may be at most ${MEGABYTES} MB.`;
  return undefined;
}

/** Why the file, as it will be uploaded (after compression), would be refused; undefined when it will not. */
export function refusalAfterCompression(file: IntakeFile, originalName: string): string | undefined {
  if (!allowed(file.type)) return `'${originalName}' cannot be added: this browser cannot read the picture. Save it as JPEG or PNG and try again.`;
  if (file.size > MAX_UPLOAD_BYTES) return `'${originalName}' cannot be added: a file may be at most ${MEGABYTES} MB.`;
  return undefined;
}

/** The files to take (in order) and the messages for the others, given how many pages there are already. */
export function takeFiles<F extends IntakeFile>(files: readonly F[], pagesNow: number): { accepted: F[]; refused: string[] } {
  const accepted: F[] = [];
  const refused: string[] = [];
  for (const file of files) {
    const why = refusal(file);
    if (why) refused.push(why);
    else if (pagesNow + accepted.length >= MAX_PAGES) refused.push(`'${file.name}' cannot be added: a presentation has at most ${MAX_PAGES} pages.`);
    else accepted.push(file);
  }
  return { accepted, refused };
}
