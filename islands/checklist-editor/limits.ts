/**
 * The limits of a checklist that the editor keeps to, the same numbers as the server's schemas
 * (src/shared/checklists/schemas.ts). They are repeated here because that module builds zod schemas
 * when imported, and zod has no place in the island's bundle; a unit test keeps the two in step.
 */
export const QUESTION_LIMIT = 1000;
export const CHOICE_LIMIT = 200;
export const TITLE_LIMIT = 1000;
export const DESCRIPTION_LIMIT = 10_000;
export const CHOICE_TEXT_LIMIT = 500;
