/**
 * Assign on a document page (documentation §2 Assign, §5, §8): THE assign dialog, `<rb-assign-dialog>`
 * (the folder browser shows the same one), made once per page and loaded on first use. The page gives it
 * the assignees (auth/acl-subjects, read once per page) and the call: the action of
 * src/client/stores/assignments.ts, which shows the confirmation or the spec's failure text; a failure
 * keeps the dialog open and says so in it too.
 */
import type { RbAssignDialog } from '../../../elements/rb-assign-dialog/assign-dialog.ts';
import { api } from '../../client/api.ts';
import { assign, assignMessages } from '../../client/stores/assignments.ts';
import type { AclSubject, ItemKind } from '../../shared/api/documentation.ts';

export interface AssignedItem {
  kind: ItemKind;
  id: string;
  name: string;
}

let dialog: RbAssignDialog | undefined;
let subjects: Promise<AclSubject[]> | undefined;

export async function openAssignDialog(item: AssignedItem, opener: HTMLElement | null): Promise<void> {
  await import('../../../elements/rb-assign-dialog/assign-dialog.ts');
  if (!dialog) {
    dialog = document.createElement('rb-assign-dialog');
    document.body.append(dialog);
  }
  if (!subjects) {
    subjects = api.documentation.aclSubjects().then((list) => list.results);
    subjects.catch(() => (subjects = undefined)); // the next opening tries again
  }
  // Until the assignees are in, the list offers only 'Choose who…' (it keeps the focus it was given).
  dialog.subjects = subjects;
  dialog.name = item.name;
  dialog.assign = async (assignee, notes) => ((await assign(item, assignee, notes)) ? '' : assignMessages.failed);
  await dialog.show(opener);
}
