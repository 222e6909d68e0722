/**
 * The zod schemas of the assignment calls (documentation §3 Assignment, §5 "Assignment needs an assignee
 * chosen", §7 workflow/assignments). The server validates with them; browser code takes the shapes from
 * `./assignments.ts` and never imports this module (it builds zod).
 */
import { z } from 'zod';
import { isWellFormed, NOT_WELL_FORMED } from './contents.ts';
import { ROOT } from './documentation.ts';
import { sentence } from './field-errors.ts';
import { lastOf } from './query-params.ts';

/** A time in a body: ISO 8601 with its offset (or Z), answered as a Date. */
export const isoDateTime = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date and time' })
  .transform((value) => new Date(value));

/** The longest note an assignment carries. */
export const MAX_ASSIGNMENT_NOTES_LENGTH = 2000;

const id = z.uuid({ error: 'must be a valid id' });

/** `{kind}` of POST workflow/assignments/{kind}: what is assigned. */
export const ASSIGNABLE_KINDS = ['document', 'folder'] as const;
/** `{kind}` of …/{id}/claim, /unclaim, /complete: corrections too. */
export const ASSIGNMENT_KINDS = ['document', 'folder', 'correction'] as const;

/** The assignee: the organisation, one of its roles or one of its members (an ACL subject). */
export const assignee = z.object(
  {
    type: z.enum(['org', 'role', 'user'], { error: 'must be one of org, role, user' }),
    id,
  },
  { error: 'an assignee is required' },
);

/** POST workflow/assignments/{document|folder}. */
export const createAssignmentBody = z.object({
  assigned_to: assignee,
  /** The folder (a UUID or `root`) or document assigned. */
  object_id: z.union([z.literal(ROOT), id], { error: 'must be a valid id' }),
  notes: z
    .string({ error: 'notes must be a string' })
    .trim()
    .max(MAX_ASSIGNMENT_NOTES_LENGTH, sentence(`Notes must be at most ${MAX_ASSIGNMENT_NOTES_LENGTH} characters`))
    .refine(isWellFormed, `notes ${NOT_WELL_FORMED}`)
    .default(''),
  /** Issue #44: when it is due (ISO 8601 with a zone, as every time in bodies); past it, it is overdue. */
  due_at: isoDateTime.nullable().optional(),
});
export type CreateAssignmentParsed = z.output<typeof createAssignmentBody>;

/** GET workflow/assignments: mine, or one item's (`folder_id` or `document_id`, not both). */
export const listAssignmentsQuery = z
  .object({
    folder_id: lastOf(z.union([z.literal(ROOT), id], { error: 'must be a valid id' })).optional(),
    document_id: lastOf(id).optional(),
    /** Issue #44: `completed` lists mine that are done (the Done list), newest first; default the open ones. */
    status: lastOf(z.enum(['open', 'completed'], { error: 'must be one of open, completed' })).optional(),
  })
  .refine((q) => q.folder_id === undefined || q.document_id === undefined, {
    message: 'give folder_id or document_id, not both',
    path: ['document_id'],
  });
export type ListAssignmentsParsed = z.output<typeof listAssignmentsQuery>;
