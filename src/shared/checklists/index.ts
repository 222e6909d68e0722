/**
 * The checklist model shared by the server, the editor and the filler (documentation §3–§5): value
 * types and their widgets and defaults, questions, and the rules of answers. Pure and zod-free, so the
 * light filler can import it; the zod schemas are in `./schemas.ts`.
 */
export * from './value-types.ts';
export * from './question.ts';
export * from './answers.ts';
export * from './conditions.ts';
