/**
 * Assign in the folder browser (an item's menu, the Properties dialog's Assignments tab): THE assign
 * dialog, `<rb-assign-dialog>` (the light document pages show the same one). This adapter gives it the
 * assignees (auth/acl-subjects) and the action of src/client/stores/assignments.ts, which shows the
 * confirmation or 'Something went wrong with your assignment creation' (the dialog shows it too and stays
 * open). `onClosed` runs once it has closed.
 */
import type { RbAssignDialog } from '../../../elements/rb-assign-dialog/assign-dialog.ts';
import { api } from '../../../src/client/api.ts';
import { assign, assignMessages } from '../../../src/client/stores/assignments.ts';
import { useElementDialog } from '../../shared/use-element-dialog.ts';
import type { FollowSubject } from '../follow.ts';

export function AssignDialog({ item, onClosed }: { item: FollowSubject; onClosed: () => void }) {
  const dialog = useElementDialog<RbAssignDialog>(
    () => import('../../../elements/rb-assign-dialog/assign-dialog.ts'),
    (element) => {
      element.subjects = api.documentation.aclSubjects().then((list) => list.results);
      element.assign = async (assignee, notes) => ((await assign(item, assignee, notes)) ? '' : assignMessages.failed);
    },
    onClosed,
  );
  return <rb-assign-dialog ref={dialog as React.Ref<HTMLElement>} name={item.name} />;
}
