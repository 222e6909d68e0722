import { describe, expect, it } from 'vitest';
import { descriptionMarkdown, tidyMarkdown } from '../../../../islands/presentation-editor/markdown.ts';

const roundTrip = (markdown: string) => {
  const manager = descriptionMarkdown();
  return tidyMarkdown(manager.serialize(manager.parse(markdown)));
};

describe('page descriptions: the markdown round trip through the editor serialiser (documentation §3, §9)', () => {
  const description = [
    '# Loading bay',
    '',
    'Check the ~~old~~ **new** gate, see [the plan](https://example.com/plan).',
    '',
    '| Item | Count |',
    '| --- | --- |',
    '| Pallets | 4 |',
    '| Crates | 12 |',
    '',
    '- [ ] Sweep the floor',
    '- [x] Lock the door',
    '',
    '1. First',
    '2. Second',
  ].join('\n');

  it('keeps tables, strikethrough and task lists', () => {
    const manager = descriptionMarkdown();
    const doc = manager.parse(description);
    const types = (doc.content ?? []).map((node) => node.type);
    expect(types).toEqual(['heading', 'paragraph', 'table', 'taskList', 'orderedList']);
    const marks = (doc.content![1]!.content ?? []).flatMap((node) => (node.marks ?? []).map((m) => m.type));
    expect(marks).toEqual(expect.arrayContaining(['strike', 'bold', 'link']));
    const tasks = doc.content![3]!.content!.map((item) => item.attrs?.checked);
    expect(tasks).toEqual([false, true]);
    const table = doc.content![2]!;
    expect(table.content).toHaveLength(3);
    expect(table.content![0]!.content![0]!.type).toBe('tableHeader');
  });

  it('writes markdown that reads back the same (stable after one pass)', () => {
    const once = roundTrip(description);
    expect(once).toContain('~~old~~');
    expect(once).toContain('- [ ] Sweep the floor');
    expect(once).toContain('- [x] Lock the door');
    expect(once).toMatch(/\| Item\s*\| Count\s*\|/);
    expect(once).toMatch(/\| Crates\s*\| 12\s*\|/);
    expect(roundTrip(once)).toBe(once);
    const manager = descriptionMarkdown();
    expect(manager.parse(once)).toEqual(manager.parse(description));
  });

  it('an empty description stays empty, and raw HTML is not kept as markup', () => {
    expect(roundTrip('')).toBe('');
    expect(roundTrip('<script>alert(1)</script>')).not.toContain('<script>');
  });

  it('tidies what it stores', () => {
    expect(tidyMarkdown('a  \n\n\n\nb\n\n')).toBe('a\n\nb');
    expect(tidyMarkdown('&nbsp;\n')).toBe('');
  });
});
