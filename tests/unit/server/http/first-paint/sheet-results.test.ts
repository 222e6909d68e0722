/**
 * A result sheet's grid in its first HTML (src/server/http/first-paint/sheet-results.ts): drawn from the first
 * window's answer (whatever its start), with THE grid's stylesheets beside it and the dates in UTC (the
 * inline step writes them in the browser's zone); nothing without that answer, or when it was refused.
 */
import { describe, expect, it } from 'vitest';
import { attrsOf, childElements, one, outline, outlines, readHtml, textOf } from '../../../../support/html.ts';
import { firstPaintScripts, sheetResultsBodyHtml, sheetResultsStep } from '../../../../../src/server/http/first-paint/sheet-results.ts';
import type { Document } from '../../../../../src/shared/api/documentation.ts';

const ID = '0190a0b0-0000-7000-8000-000000000002';
const FORM = '0190a0b0-0000-7000-8000-00000000000f';
const sheet = {
  id: ID,
  name: 'Walk results',
  doctype: 'sheet',
  contents: { questions: { ok: { title: 'Guard on?', valueType: 'true/false', form_id: FORM } }, question_index: ['ok'], form_links: {}, form_ids: [FORM] },
} as unknown as Document;
const row = { created_at: '2026-11-20T23:30:00.000Z', created_by_username: 'ann', record: { ok: { value: true, valid: true } }, submissions: { [FORM]: 'r1' } };
const address = `documentation/documents/${ID}/sheet-data?start_time=1761609600&skip=0`;

describe('sheetResultsBodyHtml', () => {
  it('draws the grid from the first window’s answer, with THE grid’s stylesheets and the dates in UTC', () => {
    const html = sheetResultsBodyHtml(sheet, { status: 200, body: { results: [row], total: 1 } }, address)!;
    const [style, grid, step, ...more] = childElements(readHtml(html));
    expect(style!.tagName).toBe('style');
    expect(textOf(style!)).toMatch(/\.data-grid \{[\s\S]*\.sheet-results \{/);
    expect(grid!.tagName).toBe('section');
    expect(attrsOf(grid!)).toEqual({ class: 'sheet-results', 'data-first-paint': 'sheet-results', 'data-window-start': '1761609600000', inert: '', 'aria-hidden': 'true' });
    const utc = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(row.created_at));
    expect(outlines(grid!, 'time')).toContainEqual({ tag: 'time', attrs: { datetime: '2026-11-20T23:30:00.000Z' }, text: utc });
    expect(outlines(grid!, 'td')).toContainEqual({ tag: 'td', attrs: { role: 'cell', 'data-column': 'submitted-by', 'data-label': 'Submitted By' }, text: 'ann' });
    expect(attrsOf(one(grid!, '[data-total]'))).toMatchObject({ 'data-total': '1', 'data-near': '' }); // its row is not near the window's start
    // The inline step right after it: one constant script, which every shell's CSP allows by its hash.
    expect(outline(step!)).toEqual({ tag: 'script', attrs: {}, text: sheetResultsStep() });
    expect(more).toEqual([]);
    expect(html.endsWith('</script>')).toBe(true);
    expect(sheetResultsStep()).toMatch(/^\(function sheetFirstRows\(config\) \{[\s\S]*\}\)\(\{"name":"sheet-results","style":\{"dateStyle":"medium","timeStyle":"short"\},"days":30,"near":259200000\}\);$/);
    expect(sheetResultsStep()).not.toMatch(/<\/script|<!--/i);
    expect(firstPaintScripts()).toEqual([sheetResultsStep()]);
  });

  it('draws nothing without the first window’s answer, or when it was refused', () => {
    expect(sheetResultsBodyHtml(sheet, undefined, address)).toBeUndefined();
    expect(sheetResultsBodyHtml(sheet, { status: 403, body: { detail: 'Forbidden' } }, address)).toBeUndefined();
    // A report's latest row (no window) is no grid's.
    expect(sheetResultsBodyHtml(sheet, { status: 200, body: { results: [row], total: 1 } }, `documentation/documents/${ID}/sheet-data?limit=1`)).toBeUndefined();
  });
});
