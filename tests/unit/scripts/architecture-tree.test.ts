import { describe, expect, it } from 'vitest';
import { namedPaths, treeProblems } from '../../../scripts/architecture-tree.mjs';

describe('the annotated tree of docs/ARCHITECTURE.md', () => {
  it('reads folders, files and nesting from the tree', () => {
    const markdown = ['## Annotated tree', '```', 'src/              the code', '  shared/         isomorphic', '    ids.ts, api/  ids and shapes', '  routes.ts       the table', 'README.md         read me', '```'].join('\n');
    expect(namedPaths(markdown)).toEqual(['src/', 'src/shared/', 'src/shared/ids.ts', 'src/shared/api/', 'src/routes.ts', 'README.md']);
  });

  it('names only paths that exist, and every folder of the code', () => {
    expect(treeProblems()).toEqual({ missing: [], unnamed: [] });
  });
});
