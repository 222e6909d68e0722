/**
 * Exports that open cleanly in spreadsheets and readers (issue #28), read back with real parsers:
 * - export.csv with csv-parse: a header cell is guarded against formulas exactly as an answer cell is
 *   (a question titled `=1+2` was computed to 3 by LibreOffice), and every date-time cell — the row's
 *   time and datetime answers — is `YYYY-MM-DD HH:MM:SS` in UTC, which spreadsheets read as a date-time.
 * - export.pdf with pdf.js: Chinese, Japanese, Korean, Cyrillic, Greek, Hebrew and Arabic text comes back
 *   (CJK was dropped silently), and the file is tagged for screen readers: marked, a structure tree with
 *   headings and paragraphs, a title shown by the viewer, a language.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/harness.ts';
import { makeChecklist, makeTeam, question, type Team } from '../support/factories.ts';
import { checklistOf, hour, makeSheet, sheetOver, submitAt } from './support.ts';

const server = useTestServer();
let team: Team;

beforeAll(async () => {
  team = await makeTeam(server);
});

const rows = (text: string): string[][] => parse(text, { bom: true });

describe('GET documentation/documents/{id}/export.csv in a spreadsheet', () => {
  /** The same text as a question's title and as its answer: the CSV must guard both alike. */
  const FORMULAS = { f_eq: '=1+2', f_plus: '+1', f_minus: '-1', f_at: '@SUM(A1)' };

  it('guards header cells against formulas exactly like answer cells', async () => {
    const checklist = await checklistOf(team.admin, 'Formulas', {
      f_eq: ['text', FORMULAS.f_eq],
      f_plus: ['text', FORMULAS.f_plus],
      f_minus: ['text', FORMULAS.f_minus],
      f_at: ['text', FORMULAS.f_at],
      f_tab: ['text', '\t=2+3'],
      f_cr: ['text', '\r+4'],
    });
    const sheet = await makeSheet(team.admin, sheetOver([checklist]), 'sheet', 'Formula titles');
    await submitAt(server, team.member, checklist.id, hour(4), { ...FORMULAS, f_tab: '=2+3', f_cr: '+4' });

    const res = await team.member.api.get(`documentation/documents/${sheet.id}/export.csv`);
    expect(res.status, res.text).toBe(200);
    const [header, row] = rows(res.text);
    expect(header).toEqual([
      'Datetime',
      'Submitted By',
      "'=1+2",
      "'=1+2 (comments)",
      "'+1",
      "'+1 (comments)",
      "'-1",
      "'-1 (comments)",
      "'@SUM(A1)",
      "'@SUM(A1) (comments)",
      // A title is trimmed into a column name ('Question n' when empty); what is left is guarded.
      "'=2+3",
      "'=2+3 (comments)",
      "'+4",
      "'+4 (comments)",
    ]);
    // Each title's header cell is written as its answer's cell: one guard for both.
    for (const [i, text] of Object.values(FORMULAS).entries()) {
      expect(header![2 + 2 * i], text).toBe(row![2 + 2 * i]);
    }
    for (const cell of header!) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('writes the row time and datetime answers as YYYY-MM-DD HH:MM:SS in UTC', async () => {
    const checklist = await checklistOf(team.admin, 'Times', { t_when: ['datetime', 'Checked at'], t_note: ['text', 'Note'] });
    const sheet = await makeSheet(team.admin, sheetOver([checklist]), 'sheet', 'Time sheet');
    // An offset (+01:00), fractions of a second, and UTC as written by the browser.
    await submitAt(server, team.member, checklist.id, new Date(Date.UTC(2026, 10, 29, 10, 2, 0, 750)), { t_when: '2026-11-29T11:02:00+01:00', t_note: 'a' });
    await submitAt(server, team.member, checklist.id, hour(6), { t_when: '2026-04-01T05:59:59.999Z', t_note: 'b' });
    await submitAt(server, team.member, checklist.id, hour(7), { t_note: 'not answered' });

    const res = await team.member.api.get(`documentation/documents/${sheet.id}/export.csv`);
    expect(res.status, res.text).toBe(200);
    const [header, ...lines] = rows(res.text);
    expect(header).toEqual(['Datetime', 'Submitted By', 'Checked at', 'Note', 'Note (comments)']);
    expect(lines.map((l) => [l[0], l[2], l[3]])).toEqual([
      ['2026-11-29 10:02:00', '2026-11-29 10:02:00', 'a'],
      ['2026-04-01 07:00:00', '', 'not answered'],
      ['2026-04-01 06:00:00', '2026-04-01 05:59:59', 'b'],
    ]);
    // Every date-time cell has the one form, and nothing is left in ISO 8601's T…Z form.
    for (const line of lines) expect(line[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.text).not.toMatch(/\d{2}T\d{2}:/);
  });
});

describe('GET documentation/documents/documentdata/{id}/export.pdf in a reader', () => {
  interface ReadPdf {
    text: string;
    title: unknown;
    language: unknown;
    marked: boolean;
    displayTitle: unknown;
    roles: string[];
  }

  async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
    let text = '';
    const roles: string[] = [];
    const collect = (node: { role?: string; children?: unknown[] } | null) => {
      if (!node) return;
      if (node.role) roles.push(node.role);
      for (const child of node.children ?? []) collect(child as { role?: string; children?: unknown[] });
    };
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ') + '\n';
      collect((await page.getStructTree()) as { role?: string; children?: unknown[] } | null);
    }
    const info = (await doc.getMetadata()).info as Record<string, unknown>;
    const markInfo = await doc.getMarkInfo();
    const preferences = (await doc.getViewerPreferences()) as Record<string, unknown> | null;
    return { text, title: info.Title, language: info.Language, marked: markInfo?.Marked === true, displayTitle: preferences?.DisplayDocTitle, roles };
  }

  async function pdfOf(values: Record<string, unknown>, questions: Record<string, object>, name: string): Promise<{ bytes: Uint8Array; rowId: string }> {
    const checklist = await makeChecklist(team.admin, questions, 'root', name);
    const record = Object.fromEntries(Object.entries(values).map(([id, value]) => [id, { value }]));
    const submitted = await team.member.api.post(`documentation/documents/${checklist.id}/data`, { record });
    expect(submitted.status, submitted.text).toBe(201);
    const res = await fetch(team.member.api.url(`documentation/documents/documentdata/${submitted.body.id}/export.pdf`), {
      headers: { authorization: `Bearer ${team.member.api.token}` },
    });
    expect(res.status).toBe(200);
    return { bytes: new Uint8Array(await res.arrayBuffer()), rowId: submitted.body.id };
  }

  it('shows every script typed: CJK, Cyrillic, Greek, Hebrew and Arabic come back as text', async () => {
    const { bytes } = await pdfOf(
      { s_cjk: '点検 完了 확인 проверка', s_kana: 'ひらがな カタカナ', s_greek: 'Ωμέγα', s_hebrew: 'שלום עולם', s_arabic: 'مرحبا بالعالم' },
      {
        s_cjk: question('text', { title: '点検項目 (Inspection)', required: false }),
        s_kana: question('text', { title: 'Kana', required: false }),
        s_greek: question('text', { title: 'Ελληνικά', required: false }),
        s_hebrew: question('text', { title: 'Hebrew', required: false }),
        s_arabic: question('text', { title: 'Arabic', required: false }),
      },
      '設備点検 확인',
    );
    const { text } = await readPdf(bytes);
    // Right-to-left words come back in their order: each line's run is written right to left as a whole.
    for (const words of ['設備点検', '확인', '点検項目', '点検', '完了', 'проверка', 'ひらがな', 'カタカナ', 'Ωμέγα', 'Ελληνικά', 'שלום עולם', 'مرحبا بالعالم']) {
      expect(text, words).toContain(words);
    }
    // No glyph drawn as the font's empty "missing" glyph (pdf.js reads it back as U+0000).
    expect(text).not.toContain('\u0000');
  });

  it('is tagged for screen readers: marked, a structure tree of headings and paragraphs, a title shown, a language', async () => {
    const { bytes } = await pdfOf(
      { t_ok: 'pass', t_note: 'All fine' },
      { t_ok: question('pass/fail', { title: 'Lights work' }), t_note: question('text', { title: 'Notes', required: false }) },
      'Tagged check',
    );
    expect(new TextDecoder('latin1').decode(bytes.slice(0, 8))).toBe('%PDF-1.7');
    const pdf = await readPdf(bytes);
    expect(pdf.marked).toBe(true);
    expect(pdf.roles).toEqual(expect.arrayContaining(['Document', 'H1', 'H2', 'P']));
    expect(pdf.roles.filter((r) => r === 'H2')).toHaveLength(2);
    expect(pdf.title).toMatch(/^Tagged check, submitted \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    expect(pdf.language).toBe('en');
    expect(pdf.displayTitle).toBe(true);
  });
});
