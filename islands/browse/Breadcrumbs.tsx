/** The folder browser's breadcrumbs: THE `<rb-breadcrumbs>` (elements/rb-breadcrumbs/) with ./folder-parts.ts. */
import { useMemo } from 'react';
import '../../elements/rb-breadcrumbs/breadcrumbs.ts';
import type { Folder } from '../../src/shared/api/documentation.ts';
import { folderCrumbs } from './folder-parts.ts';

export function Breadcrumbs({ folder, rootId }: { folder: Folder; rootId: string }) {
  const crumbs = useMemo(() => folderCrumbs(folder, rootId), [folder, rootId]);
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <rb-breadcrumbs crumbs={crumbs} />
    </nav>
  );
}
