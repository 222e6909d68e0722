/**
 * <rb-assign-dialog> alone in Chromium (documentation §2 Assign, §5 "Assignment needs an assignee chosen"):
 * the title names the item; the assignees come in three groups; Assign waits for one; the assignment is
 * the page's call (`assign`), whose failure words the dialog shows while it stays open; Escape, Cancel and
 * the X close it (not while it sends), the focus goes back to the opener, and an outer dialog does not
 * hear its Escape.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import '../../elements/rb-assign-dialog/assign-dialog.ts';
import type { RbAssignDialog } from '../../elements/rb-assign-dialog/assign-dialog.ts';
import type { AclSubject } from '../../src/shared/api/documentation.ts';
import { ApiError, NETWORK_PROBLEM } from '../../src/shared/transport/index.ts';
import { allByRole, byRole, mount, nameOf, opener, shadowOf } from './support/mount.ts';

afterEach(() => document.body.replaceChildren());

const SUBJECTS: AclSubject[] = [
  { type: 'user', id: 'u1', name: 'ada' },
  { type: 'org', id: 'o1', name: 'Acme' },
  { type: 'role', id: 'r1', name: 'Night shift' },
  { type: 'user', id: 'u2', name: 'bob' },
];

const parts = (dialog: RbAssignDialog) => ({
  box: shadowOf(dialog).querySelector('dialog')!,
  assignee: byRole<HTMLSelectElement>(dialog, 'combobox', 'Assign to'),
  notes: byRole<HTMLTextAreaElement>(dialog, 'textbox', 'Notes'),
  assign: byRole(dialog, 'button', 'Assign'),
  cancel: byRole(dialog, 'button', 'Cancel'),
  alert: () => shadowOf(dialog).querySelector<HTMLElement>('[role="alert"]'),
});

async function opened(subjects: Promise<readonly AclSubject[]> = Promise.resolve(SUBJECTS)) {
  const button = opener('Assign');
  const dialog = await mount<RbAssignDialog>('<rb-assign-dialog name="Gate checks"></rb-assign-dialog>');
  dialog.subjects = subjects;
  await dialog.show(button);
  // The read settles after a turn (a pending one stays pending).
  await Promise.race([subjects.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 0))]);
  await dialog.updateComplete;
  return { dialog, button, ...parts(dialog) };
}

describe('<rb-assign-dialog>', () => {
  test('is named after the item, labels its fields, and focuses the assignee when shown', async () => {
    const { dialog, box, assignee } = await opened();
    expect(nameOf(box)).toBe('Assign Gate checks');
    expect(box.open && box.matches(':modal')).toBe(true);
    expect(shadowOf(dialog).activeElement).toBe(assignee);
    expect(assignee.required).toBe(true);
    expect(allByRole(dialog, 'button', 'Close')).toHaveLength(1); // the X
  });

  test('offers the organisation, the roles and the users as groups, in that order; until they come, only "Choose who…"', async () => {
    let arrive!: (list: AclSubject[]) => void;
    const { dialog, assignee } = await opened(new Promise((resolve) => (arrive = resolve)));
    expect([...assignee.options].map((o) => o.text)).toEqual(['Choose who…']);
    arrive(SUBJECTS);
    await expect.poll(() => assignee.options.length).toBe(5);
    expect([...assignee.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Organization', 'Roles', 'Users']);
    expect([...assignee.options].map((o) => o.text)).toEqual(['Choose who…', 'Acme', 'Night shift', 'ada', 'bob']);
    dialog.subjects = Promise.resolve(SUBJECTS.filter((s) => s.type === 'user'));
    await expect.poll(() => [...assignee.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Users']); // empty groups left out
  });

  test('Assign waits for an assignee, then sends it with the notes trimmed, closes and gives the focus back', async () => {
    const { dialog, button, assignee, notes, assign, box } = await opened();
    const calls: [AclSubject, string][] = [];
    dialog.assign = async (subject, text) => {
      calls.push([subject, text]);
      return '';
    };
    let closed = 0;
    dialog.addEventListener('rb-close', () => closed++);
    await userEvent.fill(notes, '  Every evening  ');
    expect(assign.disabled).toBe(true);
    await userEvent.selectOptions(assignee, 'Night shift');
    expect(assign.disabled).toBe(false);
    await userEvent.click(assign);
    await expect.poll(() => box.open).toBe(false);
    expect(calls).toEqual([[SUBJECTS[2], 'Every evening']]);
    expect(closed).toBe(1);
    expect(document.activeElement).toBe(button);
  });

  test('a failed assignment shows its words and keeps the dialog open; it cannot close while sending', async () => {
    const { dialog, assignee, assign, cancel, box, alert } = await opened();
    let answer!: (words: string) => void;
    dialog.assign = () => new Promise<string>((resolve) => (answer = resolve));
    await userEvent.selectOptions(assignee, 'Acme');
    await userEvent.click(assign);
    expect(assign.disabled).toBe(true);
    expect(cancel.disabled).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(box.open).toBe(true);
    answer('Something went wrong with your assignment creation');
    await expect.poll(() => alert()?.textContent?.trim()).toBe('Something went wrong with your assignment creation');
    expect(box.open).toBe(true);
    expect(assign.disabled).toBe(false);
    // Opened again, the failure is gone.
    dialog.close();
    await dialog.show(null);
    expect(alert()).toBeNull();
  });

  test('says why the assignees could not be read, in words a person reads (never the exception’s)', async () => {
    const { dialog, alert } = await opened(Promise.reject(new ApiError(0, 'fetch failed')));
    expect(alert()?.textContent?.trim()).toBe(`Something went wrong: ${NETWORK_PROBLEM}`);
    dialog.subjects = Promise.reject(new TypeError("Cannot read properties of undefined (reading 'results')"));
    await expect.poll(() => alert()?.textContent?.trim()).toBe('Something went wrong: please try again');
    dialog.subjects = Promise.reject(new ApiError(403, 'You may not list who can be assigned.'));
    await expect.poll(() => alert()?.textContent?.trim()).toBe('Something went wrong: You may not list who can be assigned.');
  });

  test('Escape closes it without reaching an outer dialog; opened again, it starts afresh', async () => {
    const { dialog, button, assignee, notes, box } = await opened();
    await userEvent.selectOptions(assignee, 'Acme');
    await userEvent.fill(notes, 'x');
    const heard: string[] = [];
    const listen = (event: KeyboardEvent) => heard.push(event.key);
    document.addEventListener('keydown', listen);
    await userEvent.keyboard('{Escape}');
    document.removeEventListener('keydown', listen);
    await expect.poll(() => box.open).toBe(false);
    expect(heard).toEqual([]);
    expect(document.activeElement).toBe(button);

    await dialog.show(button);
    expect(assignee.value).toBe('');
    expect(notes.value).toBe('');
    expect(shadowOf(dialog).querySelector('[role="alert"]')).toBeNull();
  });

  test('Cancel closes it', async () => {
    const { cancel, box } = await opened();
    await userEvent.click(cancel);
    expect(box.open).toBe(false);
  });
});
