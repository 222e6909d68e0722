/**
 * The row PDF's text in every script a user may type (issue #28). A PDF font draws only the glyphs it has
 * (pdfkit draws a missing one as the font's empty "missing" glyph: the text is lost without a sign), and no
 * one font has them all, so each text is cut into runs, each drawn in the first font of a chain that has
 * its characters:
 *
 * 1. DejaVu Sans (./fonts beside this module, copied beside the server bundle by scripts/build-server.mjs):
 *    Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic, and symbols such as ✓ ✗.
 * 2. Source Han Sans CN (package @librescore/fonts, 3.6 MB): Chinese (the unified ideographs, simplified and
 *    traditional), Japanese kana, CJK punctuation and full-width forms.
 * 3. Source Han Sans KR (same package, 0.6 MB): Korean hangul.
 *
 * A character none has (Thai, Devanagari, most emoji…) stays in DejaVu Sans and shows as its box: visible,
 * not silently dropped. A font is read when a text first needs it (a Latin-only PDF never opens the CJK
 * files), with fontkit — pdfkit's own copy — and handed to pdfkit, which embeds the glyphs drawn; the
 * WOFF2 files are unpacked with Node's Brotli first (./woff2.ts). Nothing is kept between PDFs.
 * Bold: DejaVu Sans Bold; the CJK fonts have one weight, so bold CJK is drawn filled and outlined.
 *
 * Right-to-left: fontkit shapes Arabic and writes a run of Hebrew or Arabic right to left, its words in
 * right-to-left order on each line. A run is either direction, never both: the spaces and punctuation
 * between two right-to-left words stay in their run. Runs follow each other left to right in typed order;
 * the full bidirectional algorithm (numbers inside right-to-left text, right-aligned paragraphs) is not
 * applied.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { woff2ToSfnt } from './woff2.ts';

export type Weight = 'regular' | 'bold';

interface Face {
  /** The name pdfkit knows the font by (`registerFont`). */
  name: string;
  file: string;
  /** Drawn filled and outlined: bold for a font without a bold weight. */
  outlined: boolean;
}

/** The part of a fontkit font used here (pdfkit takes the font itself). */
interface FontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): unknown;
}

// Resolved from this module's place: node_modules is found above both src/ and dist-server/.
const here = createRequire(import.meta.url);
const vendored = (file: string) => fileURLToPath(new URL(`./fonts/${file}`, import.meta.url));
const packaged = (file: string) => here.resolve(`@librescore/fonts/${file}`);

/** fontkit as pdfkit requires it (pdfkit's dependency, not ours): the very parser pdfkit embeds fonts with. */
const fontkit = createRequire(here.resolve('pdfkit'))('fontkit') as { create(bytes: Uint8Array): FontkitFont };

function openFont(file: string): FontkitFont {
  const bytes = readFileSync(file);
  return fontkit.create((file.endsWith('.woff2') && woff2ToSfnt(bytes)) || bytes);
}

function chain(weight: Weight): Face[] {
  const bold = weight === 'bold';
  return [
    { name: bold ? 'DejaVuSans-Bold' : 'DejaVuSans', file: vendored(bold ? 'DejaVuSans-Bold.ttf' : 'DejaVuSans.ttf'), outlined: false },
    { name: 'SourceHanSansCN', file: packaged('SourceHanSansCN.min.woff2'), outlined: bold },
    { name: 'SourceHanSansKR', file: packaged('SourceHanSansKR.min.woff2'), outlined: bold },
  ];
}

/** Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms: written right to left. */
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
/** What takes the direction of the letters around it: spaces, punctuation, symbols (not digits). */
const NEUTRAL = /[\s\p{P}\p{S}]/u;

type Direction = 'ltr' | 'rtl';

export interface Run {
  face: Face;
  direction: Direction;
  text: string;
}

/** How a text looks: its weight, size in points and colour. */
export interface TextStyle {
  weight: Weight;
  size: number;
  colour: string;
}

/** One PDF's fonts: which draws each character, and writing a text in runs. */
export class PdfFonts {
  private readonly opened = new Map<string, FontkitFont>();
  private readonly chosen = new Map<string, Face>();
  private readonly chains: Record<Weight, Face[]> = { regular: chain('regular'), bold: chain('bold') };

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  /** The first face of the chain that has this character (later faces opened only when asked); else the first. */
  private faceFor(char: string, weight: Weight): Face {
    const key = `${weight}${char}`;
    let face = this.chosen.get(key);
    if (!face) {
      const faces = this.chains[weight];
      const codePoint = char.codePointAt(0)!;
      face = faces.find((f) => this.coverage(f).hasGlyphForCodePoint(codePoint)) ?? faces[0]!;
      this.chosen.set(key, face);
    }
    return face;
  }

  /** The face's font, opened on first use and registered with pdfkit under the face's name (one embedded copy). */
  private coverage(face: Face): FontkitFont {
    let font = this.opened.get(face.name);
    if (!font) {
      font = openFont(face.file);
      this.doc.registerFont(face.name, font as never);
      this.opened.set(face.name, font);
    }
    return font;
  }

  /** `text` cut into runs of one face and one direction, in typed order. */
  runs(text: string, weight: Weight): Run[] {
    const chars = [...text];
    const directions = resolveDirections(chars);
    const runs: Run[] = [];
    chars.forEach((char, i) => {
      const face = this.faceFor(char, weight);
      const last = runs.at(-1);
      if (last && last.face === face && last.direction === directions[i]) last.text += char;
      else runs.push({ face, direction: directions[i]!, text: char });
    });
    return runs;
  }

  /** `doc.text(text, options)` with each run in its font; `options.continued` carries on after the last run. */
  write(text: string, style: TextStyle, options: PDFKit.Mixins.TextOptions = {}): void {
    const runs = this.runs(text, style.weight);
    if (runs.length === 0) runs.push({ face: this.faceFor(' ', style.weight), direction: 'ltr', text: '' });
    this.doc.fontSize(style.size).fillColor(style.colour);
    runs.forEach((run, i) => {
      // The outline of "bold" CJK: as wide as a bold stem adds, in the text's colour.
      if (run.face.outlined) this.doc.lineWidth(style.size * 0.04).strokeColor(style.colour);
      this.doc.font(run.face.name).text(run.text, {
        ...options,
        // With features given (none added here), pdfkit lays out a line's run in one piece instead of word by
        // word: fontkit then reverses the whole right-to-left run, not each word in its place.
        ...(run.direction === 'rtl' ? { features: [] } : {}),
        fill: true,
        stroke: run.face.outlined,
        continued: i < runs.length - 1 || options.continued === true,
      });
    });
  }
}

/**
 * Each character's direction: right to left for Hebrew and Arabic letters and for the neutrals (spaces,
 * punctuation) between two of them; left to right otherwise. Linear: the strong direction before each
 * character is carried forwards, the one after it backwards.
 */
function resolveDirections(chars: readonly string[]): Direction[] {
  const strong = chars.map((c): Direction | undefined => (RIGHT_TO_LEFT.test(c) ? 'rtl' : NEUTRAL.test(c) ? undefined : 'ltr'));
  const after: (Direction | undefined)[] = [];
  let next: Direction | undefined;
  for (let i = strong.length - 1; i >= 0; i -= 1) {
    after[i] = next;
    next = strong[i] ?? next;
  }
  let before: Direction | undefined;
  return strong.map((direction, i) => {
    const resolved = direction ?? (before === 'rtl' && after[i] === 'rtl' ? 'rtl' : 'ltr');
    before = direction ?? before;
    return resolved;
  });
}
