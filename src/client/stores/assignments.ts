/**
 * Assigning an item (documentation §2 Assign, §5 "Assignment needs an assignee chosen", §8), for the assign
 * dialog (elements/rb-assign-dialog, which groups the assignees) on a document page and in the folder
 * browser alike: the action, its words, how an assignee reads in a list, and $assignmentsMade, which moves
 * on after each assignment so an open Assignments tab reads the item's assignments again.
 */
import { atom } from 'nanostores';
import type { Assignment } from '../../shared/api/assignments.ts';
import type { AclSubject, ItemKind } from '../../shared/api/documentation.ts';
import { api } from '../api.ts';
import { showAlert } from './alerts.ts';

/** Counts the assignments made on this page. */
export const $assignmentsMade = atom(0);

export const assignMessages = {
  /** Ours: the spec leaves the confirmation's words open. */
  assigned: (item: string, assignee: string) => `Assigned ${item} to ${assignee}.`,
  failed: 'Something went wrong with your assignment creation',
} as const;

/** How an assignee reads in a list: 'Night shift (role)'. */
export function assigneeLabel(assignee: { type: AclSubject['type'] | 'share_link'; name: string }): string {
  const word = assignee.type === 'org' ? 'organization' : assignee.type === 'share_link' ? 'share link' : assignee.type;
  return `${assignee.name} (${word})`;
}

/** Assigns the item; shows the message; resolves to the assignment, or undefined when it failed. */
export async function assign(
  item: { kind: ItemKind; id: string; name: string },
  assignee: AclSubject,
  notes: string,
): Promise<Assignment | undefined> {
  try {
    const made = await api.workflow.assign(item.kind, { assigned_to: { type: assignee.type, id: assignee.id }, object_id: item.id, notes });
    showAlert('success', assignMessages.assigned(item.name, assignee.name));
    $assignmentsMade.set($assignmentsMade.get() + 1);
    return made;
  } catch {
    showAlert('error', assignMessages.failed);
    return undefined;
  }
}
