/**
 * zod schema of a result sheet's or report's contents (documentation §3 "Sheet/report contents"; issue
 * #13): `{questions, question_index, form_links, form_ids}`. Each question is a checklist question
 * (shared/checklists/schemas.ts) naming its checklist in `form_id`; the links must make a tree
 * (./links.ts `linkProblems`). What needs the database — the checklists are this organisation's and
 * readable, the questions are in their published versions, linked checklists share no question — is
 * checked by the server (services/sheets/contents.ts).
 */
import { z } from 'zod';
import { entryRecord, idIndex, indexRefersTo, storable, unlessMissing } from '../api/contents.ts';
import { MAX_QUESTIONS } from '../checklists/question.ts';
import { questionSchema } from '../checklists/schemas.ts';
import { linkProblems } from './links.ts';
import type { SheetContents } from './model.ts';

/** How many checklists a sheet may join. */
export const MAX_SHEET_FORMS = 50;

const id = z.uuid({ error: 'must be a valid id' });

export const sheetQuestionSchema = z.intersection(
  questionSchema,
  z.looseObject({ form_id: z.uuid({ error: unlessMissing('form_id must be the id of one of form_ids') }) }),
);

export const sheetContents = z
  .strictObject({
    questions: entryRecord('questions', sheetQuestionSchema).refine(
      (questions) => Object.keys(questions).length <= MAX_QUESTIONS * 5,
      `a sheet holds at most ${MAX_QUESTIONS * 5} questions`,
    ),
    question_index: idIndex('question_index'),
    form_links: z.record(z.string().min(1), z.string({ error: 'a form link must be a question id or null' }).nullable(), {
      error: unlessMissing('form_links must map question ids to parent question ids'),
    }),
    form_ids: z
      .array(id, { error: unlessMissing('form_ids must be a list of document ids') })
      .max(MAX_SHEET_FORMS, `a sheet joins at most ${MAX_SHEET_FORMS} checklists`),
  })
  .superRefine(indexRefersTo('questions', 'question_index'))
  .superRefine((contents, ctx) => {
    for (const problem of linkProblems(contents as unknown as SheetContents)) {
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    }
  })
  .superRefine(storable);

/**
 * A draft of a sheet (draft_contents): the same shape, but the links may still be unfinished — a draft
 * is work in progress, so only what would break storing or reading it back is refused.
 */
export const sheetDraftContents = z
  .strictObject({
    questions: entryRecord('questions', sheetQuestionSchema),
    question_index: idIndex('question_index'),
    form_links: z.record(z.string().min(1), z.string({ error: 'a form link must be a question id or null' }).nullable(), {
      error: unlessMissing('form_links must map question ids to parent question ids'),
    }),
    form_ids: z
      .array(id, { error: unlessMissing('form_ids must be a list of document ids') })
      .max(MAX_SHEET_FORMS, `a sheet joins at most ${MAX_SHEET_FORMS} checklists`),
  })
  .superRefine(indexRefersTo('questions', 'question_index'))
  .superRefine(storable);
