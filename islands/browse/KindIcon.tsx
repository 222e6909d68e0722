/** The picture of an item's kind on its tile: folder, presentation, checklist, result sheet, report. */
import type { Doctype } from '../../src/shared/api/documentation.ts';
import { ITEM_KIND_PATHS } from '../../src/shared/item-kinds.ts';

export function KindIcon({ doctype }: { doctype: Doctype | null }) {
  return (
    <svg className="kind-icon" viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
      <path d={ITEM_KIND_PATHS[doctype ?? 'folder']} fill={doctype ? 'none' : 'currentColor'} stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
