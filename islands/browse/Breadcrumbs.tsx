/**
 * Home > Documentation > ancestor folders > current folder (documentation §2). Every folder crumb is
 * also a drop target for dragged items; the current folder is the page itself (aria-current).
 */
import type { Folder } from '../../src/shared/api/documentation.ts';
import { browsePath } from '../../src/client/addresses.ts';
import { DOCUMENTATION } from './messages.ts';

export function Breadcrumbs({ folder, rootId }: { folder: Folder; rootId: string }) {
  const atRoot = folder.parent_id === null;
  // Ancestors come root first (when readable); the root is the 'Documentation' crumb itself.
  const above = folder.ancestors.filter((a) => a.id !== rootId);
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumbs">
      <ol>
        <li>
          <a href="/">Home</a>
        </li>
        <li data-drop-folder-id={rootId} data-drop-folder-name={DOCUMENTATION}>
          {atRoot ? <span aria-current="page">{DOCUMENTATION}</span> : <a href={browsePath()}>{DOCUMENTATION}</a>}
        </li>
        {above.map((ancestor) => (
          <li key={ancestor.id} data-drop-folder-id={ancestor.id} data-drop-folder-name={ancestor.name}>
            <a href={browsePath(ancestor.id)}>{ancestor.name}</a>
          </li>
        ))}
        {!atRoot && (
          <li data-drop-folder-id={folder.id} data-drop-folder-name={folder.name}>
            <span aria-current="page">{folder.name}</span>
          </li>
        )}
      </ol>
    </nav>
  );
}
