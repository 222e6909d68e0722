/**
 * THE page addresses (src/shared/page-addresses.ts): what each builds, and that no other module of the
 * source builds a documentation page's address itself (a template that starts `/documentation/` and fills
 * in a value).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  browsePath,
  editPath,
  historyPath,
  itemPath,
  mediaPagePath,
  qrSheetPath,
  resultsPath,
  searchPath,
  submittedRowPath,
  trashPath,
  viewPath,
} from '../../../src/shared/page-addresses.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('page addresses', () => {
  it('builds each page of the documentation area, its values encoded', () => {
    expect(browsePath()).toBe('/documentation/browse');
    expect(browsePath('a b')).toBe('/documentation/browse/a%20b');
    expect(viewPath('d1')).toBe('/documentation/view/d1');
    expect(viewPath('d1', 3)).toBe('/documentation/view/d1/version/3');
    expect(submittedRowPath('d1', 'r/1')).toBe('/documentation/view/d1/r%2F1');
    expect(itemPath({ kind: 'folder', id: 'f' })).toBe('/documentation/browse/f');
    expect(itemPath({ kind: 'document', id: 'd' })).toBe('/documentation/view/d');
    expect(editPath('d')).toBe('/documentation/edit/d');
    expect(historyPath('d')).toBe('/documentation/d/history');
    expect(resultsPath('d')).toBe('/documentation/results/d');
    expect(resultsPath('d', 'r')).toBe('/documentation/results/d/r');
    expect(qrSheetPath('f')).toBe('/documentation/qr-sheet/f');
    expect(trashPath()).toBe('/documentation/trash/1');
    expect(trashPath('root')).toBe('/documentation/trash/1');
    expect(trashPath('f')).toBe('/documentation/trash/f');
    expect(searchPath({ folder: 'root' })).toBe('/documentation/search?folder=root');
    expect(mediaPagePath('d', 'u')).toBe('/documentation/media/d/u');
  });

  it('are built in this one module: no other module of the source fills in a documentation page address', () => {
    const builds = /`(\$\{[^}]*\})?\/documentation\/[^`]*\$\{/;
    const found = ['src', 'islands', 'elements'].flatMap((folder) =>
      readdirSync(`${root}${folder}`, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && /\.(tsx?|m?js|astro)$/.test(entry.name))
        .map((entry) => `${entry.parentPath}/${entry.name}`.slice(root.length))
        .filter((path) => path !== 'src/shared/page-addresses.ts' && builds.test(readFileSync(`${root}${path}`, 'utf8'))),
    );
    expect(found).toEqual([]);
  });
});
