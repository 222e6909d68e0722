/**
 * The assignees as the assign dialog offers them (documentation §2 Assign): the organisation, its roles
 * and its users from auth/acl-subjects, in three groups, each option's value `{type}:{id}`.
 */
import type { AclSubject, AclSubjectType } from '../../src/shared/api/documentation.ts';

/** The assignee groups in the order the dialog shows them. */
export const ASSIGNEE_GROUPS: readonly { type: AclSubjectType; label: string }[] = [
  { type: 'org', label: 'Organization' },
  { type: 'role', label: 'Roles' },
  { type: 'user', label: 'Users' },
];

/** The value of an assignee in a select: `{type}:{id}`. */
export const assigneeValue = (subject: Pick<AclSubject, 'type' | 'id'>): string => `${subject.type}:${subject.id}`;

/** What a `{type}:{id}` value names among `subjects`. */
export const assigneeOf = (subjects: readonly AclSubject[], value: string): AclSubject | undefined =>
  subjects.find((s) => assigneeValue(s) === value);
