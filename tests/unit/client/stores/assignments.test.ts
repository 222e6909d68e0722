/** The assign dialogs' assignees: a select's value per subject, back to the subject, and how one reads. */
import { describe, expect, it } from 'vitest';
import { ASSIGNEE_GROUPS, assigneeOf, assigneeValue } from '../../../../elements/rb-assign-dialog/assignees.ts';
import { assigneeLabel, assignMessages } from '../../../../src/client/stores/assignments.ts';
import type { AclSubject } from '../../../../src/shared/api/documentation.ts';

const subjects: AclSubject[] = [
  { type: 'org', id: 'o1', name: 'Acme' },
  { type: 'role', id: 'r1', name: 'Night shift' },
  { type: 'user', id: 'r1', name: 'alice' }, // the same id as the role: the type tells them apart
];

describe('assignees', () => {
  it('round-trip through the select value, the type telling apart equal ids', () => {
    expect(subjects.map(assigneeValue)).toEqual(['org:o1', 'role:r1', 'user:r1']);
    for (const s of subjects) expect(assigneeOf(subjects, assigneeValue(s))).toBe(s);
    expect(assigneeOf(subjects, '')).toBeUndefined();
  });

  it('read with their kind, in the groups’ order', () => {
    expect(subjects.map(assigneeLabel)).toEqual(['Acme (organization)', 'Night shift (role)', 'alice (user)']);
    expect(ASSIGNEE_GROUPS.map((g) => g.type)).toEqual(['org', 'role', 'user']);
  });

  it('fail with the spec’s words (documentation §8)', () => {
    expect(assignMessages.failed).toBe('Something went wrong with your assignment creation');
  });
});
