/** The folder browser's breadcrumbs: THE `<rb-breadcrumbs>` (elements/rb-breadcrumbs/) drawn in the HTML with THE crumbs markup (src/shared/first-paint/breadcrumbs.ts), on the server too. */
import { useMemo } from 'react';
import type { Folder } from '../../src/shared/api/documentation.ts';
import { breadcrumbsMarkup } from '../../src/shared/first-paint/breadcrumbs.ts';
import { folderCrumbs } from '../../src/shared/first-paint/folder.ts';

export function Breadcrumbs({ folder, rootId }: { folder: Folder; rootId: string }) {
  const crumbs = useMemo(() => folderCrumbs(folder, rootId), [folder, rootId]);
  // Drawn in the HTML (the server's too); the element keeps the same crumbs as they are.
  const drawn = useMemo(() => ({ __html: breadcrumbsMarkup(crumbs) }), [crumbs]);
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <rb-breadcrumbs crumbs={crumbs} dangerouslySetInnerHTML={drawn} />
    </nav>
  );
}
