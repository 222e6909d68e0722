import { describe, expect, it } from 'vitest';
import { DOCTYPES } from '../../../src/shared/api/documentation.ts';
import { DOCTYPE_LABELS, ITEM_KIND_LABELS, ITEM_KIND_PATHS, itemKindKey, offersValidationErrorsOnly } from '../../../src/shared/item-kinds.ts';

describe('item kinds', () => {
  it('names each kind in the spec’s words: a form is a checklist, a sheet a result sheet', () => {
    expect(ITEM_KIND_LABELS).toEqual({ folder: 'Folder', presentation: 'Presentation', form: 'Checklist', sheet: 'Result Sheet', report: 'Report' });
    expect(Object.keys(DOCTYPE_LABELS).sort()).toEqual([...DOCTYPES].sort());
  });

  it('draws every kind with one outline of its own', () => {
    const paths = Object.values(ITEM_KIND_PATHS);
    expect(Object.keys(ITEM_KIND_PATHS).sort()).toEqual(Object.keys(ITEM_KIND_LABELS).sort());
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^M[\d\s.,a-zA-Z-]+$/);
  });

  it('knows a folder by its kind, a document by its doctype', () => {
    expect(itemKindKey({ kind: 'folder', doctype: null })).toBe('folder');
    expect(itemKindKey({ kind: 'document', doctype: 'sheet' })).toBe('sheet');
  });

  it("offers 'Validation errors only' for what is submitted: checklists, and the folders that hold them", () => {
    expect(offersValidationErrorsOnly({ kind: 'folder', doctype: null })).toBe(true);
    expect(offersValidationErrorsOnly({ kind: 'document', doctype: 'form' })).toBe(true);
    for (const doctype of ['presentation', 'sheet', 'report'] as const) expect(offersValidationErrorsOnly({ kind: 'document', doctype })).toBe(false);
  });
});
