/**
 * What a result sheet's or report's contents must hold beyond their shape (issue #13, documentation §5
 * "Linking"), checked against the database when they are published (PUT or POST with `contents`):
 * - every `form_ids` entry is a live checklist (doctype form) of this organisation that the editor may
 *   Read — one that is missing, of another organisation, in the trash or unreadable reads the same
 *   ('is not a document of this organization', as services/own-ids.ts says of a foreign id), so the
 *   answer tells nothing about what it names; a readable document of another doctype 'is not a checklist';
 * - every question is a question of its checklist's published version (the latest, never its draft);
 * - each link joins questions of the same valueType, judged on the published questions;
 * - two checklists of one link tree (their rows combine, keyed by question id) share no question id →
 *   422 'Unable to link checklists with duplicate questions.' (documentation §5).
 * The contents' own rules (questions name checklists of form_ids, links join two different checklists,
 * one parent per checklist, no cycles) are the schema's (shared/sheets/schemas.ts).
 *
 * Drafts (`draft_contents`) are work in progress: only their shape is checked (and, like every body, that
 * the ids they store are the organisation's); the rules here apply when they are published.
 *
 * An editor sees a sheet without the checklists they may not Read (issue #28, services/sheets/readers.ts).
 * Publishing replaces the whole contents, so what they publish would silently unlink a checklist they never
 * saw: while the published version links a checklist the editor may not Read, they may not publish contents
 * (403; a new name or description alone keeps the contents and is allowed). Someone who may Read it can.
 */
import { readQuestion } from '../../../shared/checklists/question.ts';
import { DUPLICATE_QUESTIONS, formTree, treesOf } from '../../../shared/sheets/links.ts';
import type { SheetContents } from '../../../shared/sheets/model.ts';
import { allows } from '../../../shared/permissions/index.ts';
import type { Queryable } from '../../db/connection.ts';
import type { Member } from '../../env.ts';
import { forbidden, HttpError, validationFailed, type FieldError } from '../../errors.ts';
import { sheetFormIds } from '../../presenters/sheets.ts';
import { documentAccess } from '../documentation/access.ts';
import { formsSeenBy } from './readers.ts';

/** The published questions of a checklist, by id (raw, as stored). */
type PublishedQuestions = Record<string, unknown>;

function questionsOf(contents: unknown): PublishedQuestions {
  const questions = (contents as { questions?: unknown } | null)?.questions;
  return questions !== null && typeof questions === 'object' && !Array.isArray(questions) ? (questions as PublishedQuestions) : {};
}

/**
 * 422 unless the contents' checklists, questions and links hold in the database (see above); `field` is where
 * the contents sit in the body; `replaced`: the published contents they replace (403 while those link a checklist the
 * editor may not Read).
 */
export async function checkSheetContents(db: Queryable, who: Member, contents: SheetContents, field: string, replaced?: unknown): Promise<void> {
  if (replaced !== undefined && (await formsSeenBy(db, who, sheetFormIds(replaced))).hidden.size > 0) {
    throw forbidden("You need 'Read' permission on every checklist of this result sheet to publish its contents");
  }
  const errors: FieldError[] = [];
  const published = new Map<string, PublishedQuestions>();
  for (const [i, formId] of contents.form_ids.entries()) {
    const access = await documentAccess(db, who, formId);
    if (!access || access.trashed || !allows(access.permissions, 'view')) {
      errors.push({ field: `${field}.form_ids.${i}`, message: 'is not a document of this organization' });
    } else if (access.document.doctype !== 'form') {
      errors.push({ field: `${field}.form_ids.${i}`, message: 'is not a checklist' });
    } else {
      published.set(formId, questionsOf(access.document.contents));
    }
  }
  if (errors.length > 0) throw validationFailed(errors);

  for (const [id, question] of Object.entries(contents.questions)) {
    if (!Object.hasOwn(published.get(question.form_id) ?? {}, id)) {
      errors.push({ field: `${field}.questions.${id}`, message: "is not a question of its checklist's published version" });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);

  const tree = formTree(contents);
  for (const join of tree.joins) {
    const child = readQuestion(published.get(join.form_id)![join.question_id]);
    const parent = readQuestion(published.get(join.parent_form_id)![join.parent_question_id]);
    if (child.valueType !== parent.valueType) {
      errors.push({ field: `${field}.form_links.${join.question_id}`, message: 'must join questions of the same valueType' });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);

  for (const forms of treesOf(tree).values()) {
    const owner = new Map<string, string>();
    for (const form of forms) {
      for (const questionId of Object.keys(published.get(form)!)) {
        const other = owner.get(questionId);
        if (other !== undefined && other !== form) {
          const join = tree.joins.find((j) => j.form_id === form) ?? tree.joins.find((j) => j.form_id === other);
          throw new HttpError(422, DUPLICATE_QUESTIONS, {
            errors: [{ field: join ? `${field}.form_links.${join.question_id}` : `${field}.form_ids`, message: DUPLICATE_QUESTIONS }],
          });
        }
        owner.set(questionId, form);
      }
    }
  }
}
