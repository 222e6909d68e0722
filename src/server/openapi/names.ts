/**
 * THE names of the shared models in the OpenAPI document (issue #40 item 8): the zod schemas the server validates
 * a document's contents and a submission with (src/shared/checklists, presentations, sheets) become named
 * components, described once and referred to by every call that carries them. The names are given here, in the
 * server's registry of zod metadata, so the shared models stay free of the document's concerns; the answers'
 * own names are beside them in ./answers/*.ts (`.meta({ id })`).
 *
 * A document's `contents` is `z.unknown()` in the bodies the handlers validate — the server checks it against
 * the doctype's model once it knows the doctype — so `describeContents` tells the document which models those are.
 */
import { z } from 'zod';
import { anyContents } from '../../shared/api/documentation-schemas.ts';
import { answerInput, formContents, questionSchema } from '../../shared/checklists/schemas.ts';
import { pageSchema, presentationContents, shapeSchema } from '../../shared/presentations/schemas.ts';
import { sheetContents, sheetQuestionSchema } from '../../shared/sheets/schemas.ts';
import { VALUE_TYPES, WIDGETS_BY_VALUE_TYPE } from '../../shared/checklists/value-types.ts';
import type { SchemaComponents } from './schemas.ts';

const pairings = VALUE_TYPES.map((type) => `\`${type}\`: ${WIDGETS_BY_VALUE_TYPE[type].map((w) => `\`${w}\``).join(' or ')}`).join('; ');

/** Each shared model, its component's name and what it is. */
const NAMES: [z.ZodType, string, string][] = [
  [
    questionSchema,
    'Question',
    `A checklist question (documentation §3 "Question"). Every field may be left out (contents written before a field existed read with defaults). The widget must suit the value type (the first is the default): ${pairings}. \`validation\` fits the value type; \`show_if\` shows the question only when an earlier question's answer meets the condition.`,
  ],
  [formContents, 'ChecklistContents', 'A checklist’s contents (doctype `form`): its questions by id, and their order in `question_index` (every id a question). `sheet_id`: the result sheet its submissions also go to.'],
  [sheetQuestionSchema, 'SheetQuestion', 'A result sheet’s column: a checklist question, with the checklist it comes from in `form_id`.'],
  [
    sheetContents,
    'SheetContents',
    'A result sheet’s or report’s contents (doctypes `sheet` and `report`): its columns by id and their order, `form_ids` the checklists it joins and `form_links` the tree that joins them (each question id → the question it links to, or null for the root checklist’s).',
  ],
  [shapeSchema, 'Shape', 'A shape drawn on a presentation page (a rectangle, an ellipse or an arrow), in the page image’s pixels.'],
  [pageSchema, 'PresentationPage', 'A presentation page: an uploaded image, PDF or video (`media`, with its thumbnail and phone size), its description and its shapes.'],
  [presentationContents, 'PresentationContents', 'A presentation’s contents (doctype `presentation`): its pages by id, in the order of `page_index` (every page listed once).'],
  [answerInput, 'AnswerInput', 'One question’s answer in a submission: its value (judged against the published question), comments and photos (upload ids).'],
];

for (const [schema, id, description] of NAMES) {
  if (z.globalRegistry.get(schema)?.id !== id) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id, description });
}

/** The contents of any doctype, as a body may carry them (the server checks them against the document's doctype). */
export const contentsOfAnyDoctype = z
  .union([formContents, presentationContents, sheetContents])
  .meta({ description: 'The doctype’s contents: ChecklistContents for `form`, PresentationContents for `presentation`, SheetContents for `sheet` and `report`' });

/** The bodies' `contents` and `draft_contents` are the doctype's model. */
export function describeContents(components: SchemaComponents): void {
  components.describedAs(anyContents, () => contentsOfAnyDoctype);
}
