import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_LINES, documentProblems, mentionedPaths, namedPaths, pointedDocs, treeProblems } from '../../../scripts/architecture-tree.mjs';

const architecture = readFileSync(new URL('../../../docs/ARCHITECTURE.md', import.meta.url), 'utf8');
const libraries = readFileSync(new URL('../../../docs/libraries.md', import.meta.url), 'utf8');
const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as Record<'dependencies' | 'devDependencies', Record<string, string>>;

describe('the annotated tree of docs/ARCHITECTURE.md', () => {
  it('reads folders, files and nesting from the tree', () => {
    const markdown = ['## Annotated tree', '```', 'src/              the code', '  shared/         isomorphic', '    ids.ts, api/  ids and shapes', '  routes.ts       the table', 'README.md         read me', '```'].join('\n');
    expect(namedPaths(markdown)).toEqual(['src/', 'src/shared/', 'src/shared/ids.ts', 'src/shared/api/', 'src/routes.ts', 'README.md']);
  });

  it('names only paths that exist, and every folder of the code', () => {
    expect(treeProblems()).toEqual({ missing: [], unnamed: [] });
  });
});

describe('docs/ARCHITECTURE.md, the map', () => {
  it('reads the repository paths written in backticks, not patterns, addresses or prose', () => {
    const markdown = 'See `src/client/api.ts`, `server/api.ts` (relative), `src/server/api.ts:34-40`, `tests/e2e/` and `package.json`; not `islands/<area>/`, `src/pages/{route}.astro`, `/elements/ringbinder.js`, `src/routes.ts pattern`, `npm run build` or `dist/404.html`.';
    expect(mentionedPaths(markdown, ['src', 'tests', 'package.json'])).toEqual(['src/client/api.ts', 'src/server/api.ts', 'tests/e2e/', 'package.json']);
  });

  it('reads the docs it points to: docs/<name>.md and relative Markdown links', () => {
    const markdown = 'Calls: `docs/checklists.md`; see [billing](billing.md#calls) and [the readme](../README.md), not tests/bench/README.md or [a site](https://example.com/x.md).';
    expect(pointedDocs(markdown).sort()).toEqual(['README.md', 'docs/billing.md', 'docs/checklists.md']);
  });

  it(`is at most ${MAX_LINES} lines, and every path it writes and every doc it points to exists`, () => {
    expect(documentProblems()).toEqual({ tooLong: 0, missingPaths: [], missingDocs: [] });
  });

  it('holds the map and nothing else: the tree, the path of a request, where new code goes, the rules lint enforces, the areas, the libraries', () => {
    const headings = [...architecture.matchAll(/^##+ (.+)$/gm)].map(([, heading]) => heading);
    expect(headings).toEqual(['Annotated tree', 'The path of a request', 'Where new code goes', 'The rules lint enforces', 'The areas and their docs', 'Libraries, and why']);
  });

  it('points each area to a doc of its own under docs/', () => {
    const areas = architecture.split('## The areas and their docs')[1]?.split('\n## ')[0] ?? '';
    const lines = areas.split('\n').filter((line) => line.startsWith('- '));
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(line).toMatch(/\(docs\/[\w-]+\.md\)|`docs\/[\w-]+\.md`|\]\([\w-]+\.md\)/);
  });

  it('says why each package was chosen: docs/libraries.md names every dependency (types aside)', () => {
    const named = (name: string) => libraries.includes(`\`${name}\``) || (name.startsWith('@tiptap/') && libraries.includes('`@tiptap/*`'));
    const packages = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) => !name.startsWith('@types/'));
    expect(packages.filter((name) => !named(name))).toEqual([]);
  });
});
