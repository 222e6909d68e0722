/**
 * What a reader of a result sheet or report may see of its checklists (issue #28, "What a member without
 * Read must not learn"). A sheet is read with Read on the sheet alone, but each checklist it links keeps
 * its own ACL: a checklist the reader may not Read contributes nothing they can see — not its id, its
 * questions (the columns drawn from it), its links, its answers nor who submitted them.
 *
 * Two sets, both by THE permission rule (documentAccess → permissions/resolve.ts), asked in parallel:
 * - `visible`: the checklists the reader may Read by their ACL (in the trash too: an editor must still see
 *   a trashed checklist to take it out; a checklist that is gone is not visible) — what the contents show;
 * - `readable`: of those, the live checklists of the organisation — whose answers and submitters the rows show.
 */
import { allows } from '../../../shared/permissions/index.ts';
import type { Doctype } from '../../../shared/api/documentation.ts';
import type { Queryable } from '../../db/connection.ts';
import type { Member } from '../../env.ts';
import { presentSheetContents, sheetFormIds } from '../../presenters/sheets.ts';
import { documentAccess } from '../documentation/access.ts';

export interface FormsSeen {
  visible: ReadonlySet<string>;
  readable: ReadonlySet<string>;
  /** Checklists of the organisation the reader may not Read (what `visible` leaves out that exists). */
  hidden: ReadonlySet<string>;
  /** The names of the `visible` checklists (columns titled alike are told apart by them, issue #32). */
  names: ReadonlyMap<string, string>;
}

/** The sheet's checklists as `who` may see them (see above). */
export async function formsSeenBy(db: Queryable, who: Member, formIds: Iterable<string>): Promise<FormsSeen> {
  const ids = [...new Set(formIds)];
  const found = await Promise.all(ids.map((id) => documentAccess(db, who, id)));
  const visible = new Set<string>();
  const readable = new Set<string>();
  const hidden = new Set<string>();
  const names = new Map<string, string>();
  ids.forEach((id, i) => {
    const access = found[i];
    if (!access) return;
    if (!allows(access.permissions, 'view')) {
      hidden.add(id);
      return;
    }
    visible.add(id);
    names.set(id, access.document.name);
    if (!access.trashed && access.document.doctype === 'form') readable.add(id);
  });
  return { visible, readable, hidden, names };
}

/**
 * A document's contents and draft as `who` may see them: for a result sheet or report, without the
 * checklists they may not Read (presenters/sheets.ts `presentSheetContents`); any other doctype as stored.
 * THE place every document answer passes (services/documentation/answers.ts `documentAnswer`), so no version,
 * draft or edit answer shows more.
 */
export async function contentsSeenBy(
  db: Queryable,
  who: Member,
  doctype: Doctype,
  stored: { contents: unknown; draft: unknown },
): Promise<{ contents: unknown; draft: unknown }> {
  if (doctype !== 'sheet' && doctype !== 'report') return stored;
  const { visible } = await formsSeenBy(db, who, [...sheetFormIds(stored.contents), ...sheetFormIds(stored.draft)]);
  return {
    contents: presentSheetContents(stored.contents, visible),
    draft: stored.draft === null ? null : presentSheetContents(stored.draft, visible),
  };
}
