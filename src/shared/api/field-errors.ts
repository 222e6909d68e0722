/**
 * The `detail` of a 422 (issue 9): the problems with a request's fields as people read them. A schema
 * writes the message of a value a person types on a screen as a whole sentence naming the field as the
 * screen labels it, through `sentence()` ('Name is required', 'Invalid Email'): such a message stands as it
 * is. Any other message — zod's own, a missing field, a wrong type, a bad id: nothing a screen sends — is a
 * remark for programs and keeps the field's path in front ('parent_id: must be a valid id'). The answer's
 * `errors` list keeps every problem's path and message for programs.
 */

/** What the API says of a field left out of a body or query (never a screen's doing). */
export const FIELD_REQUIRED = 'Field required';

export interface FieldProblem {
  /** The field's path in the request, dot-joined ('name', '0.file_size'); '' for the request as a whole. */
  field: string;
  message: string;
}

/** Every message written for people; filled as the schema modules load, so it holds a fixed set. */
const sentences = new Set<string>();

/** Marks `text` as a sentence for people (it names its field itself) and answers it, for a schema's message. */
export function sentence(text: string): string {
  sentences.add(text);
  return text;
}

export function isSentence(message: string): boolean {
  return sentences.has(message);
}

/** The detail of a 422: each problem as its sentence, or as `path: remark`, joined by '; '. */
export function detailOf(problems: readonly FieldProblem[]): string {
  return problems.map(({ field, message }) => (!field || isSentence(message) ? message : `${field}: ${message}`)).join('; ');
}
