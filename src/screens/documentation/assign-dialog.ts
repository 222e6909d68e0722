/**
 * The assign dialog of a document page (src/components/AssignDialog.astro; documentation §2 Assign, §5,
 * §8): the assignee from auth/acl-subjects in three groups — the organisation, its roles, its users — and
 * notes. Assign is disabled until an assignee is chosen. The action (src/client/stores/assignments.ts)
 * shows the confirmation or the spec's failure text; a failure keeps the dialog open and says so in it too.
 */
import { api, ApiError } from '../../client/api.ts';
import { openModal } from '../../client/dom.ts';
import { ASSIGNEE_GROUPS, assign, assigneeOf, assigneeValue, assignMessages } from '../../client/stores/assignments.ts';
import type { AclSubject, ItemKind } from '../../shared/api/documentation.ts';

export interface AssignedItem {
  kind: ItemKind;
  id: string;
  name: string;
}

let subjects: Promise<AclSubject[]> | undefined;
let current: AssignedItem | undefined;

function parts() {
  const dialog = document.getElementById('assign-dialog') as HTMLDialogElement | null;
  if (!dialog) throw new Error('The assign dialog is not on this page.');
  const form = dialog.querySelector<HTMLFormElement>('#assign-form')!;
  return {
    dialog,
    form,
    title: dialog.querySelector<HTMLElement>('.dialog-title')!,
    assignee: form.querySelector<HTMLSelectElement>('#assign-assignee')!,
    notes: form.querySelector<HTMLTextAreaElement>('#assign-notes')!,
    error: form.querySelector<HTMLElement>('#assign-error')!,
    submit: form.querySelector<HTMLButtonElement>('#assign-submit')!,
  };
}

/** The assignees as option groups (empty groups left out). */
function fillAssignees(select: HTMLSelectElement, list: readonly AclSubject[]): void {
  const choose = select.options[0]!;
  const groups = ASSIGNEE_GROUPS.map(({ type, label }) => {
    const members = list.filter((s) => s.type === type);
    if (members.length === 0) return null;
    const group = document.createElement('optgroup');
    group.label = label;
    group.append(...members.map((s) => new Option(s.name, assigneeValue(s))));
    return group;
  });
  select.replaceChildren(choose, ...groups.filter((g): g is HTMLOptGroupElement => g !== null));
}

const wired = new WeakSet<HTMLFormElement>();

export function openAssignDialog(item: AssignedItem, opener: HTMLElement | null): void {
  const p = parts();
  current = item;
  p.title.textContent = `Assign ${item.name}`;
  p.assignee.value = '';
  p.notes.value = '';
  p.error.textContent = '';
  p.submit.disabled = true;
  if (!wired.has(p.form)) {
    wired.add(p.form);
    p.assignee.addEventListener('change', () => (p.submit.disabled = p.assignee.value === ''));
    p.form.addEventListener('submit', (event) => {
      event.preventDefault();
      void send();
    });
  }
  openModal(p.dialog, opener);
  // Until the assignees are in, the list offers only 'Choose who…' (it keeps the focus it was given).
  if (!subjects) {
    subjects = api.documentation.aclSubjects().then((list) => list.results);
    subjects.catch(() => (subjects = undefined)); // the next opening tries again
  }
  subjects.then(
    (list) => {
      if (p.assignee.options.length === 1) fillAssignees(p.assignee, list);
    },
    (err: unknown) => {
      p.error.textContent = `Something went wrong: ${err instanceof ApiError ? err.detail : String(err)}`;
    },
  );
}

async function send(): Promise<void> {
  const p = parts();
  const item = current;
  if (!item || !subjects || p.submit.disabled) return;
  const assignee = assigneeOf(await subjects, p.assignee.value);
  if (!assignee) return;
  p.submit.disabled = true;
  p.error.textContent = '';
  const made = await assign(item, assignee, p.notes.value.trim());
  p.submit.disabled = false;
  if (made) {
    if (current === item) p.dialog.close();
  } else p.error.textContent = assignMessages.failed;
}
