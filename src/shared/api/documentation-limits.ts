/**
 * The documentation tree's constants, free of zod: the light pages and the islands import these
 * without loading the request schemas of documentation.ts (which builds them when imported).
 */
export const DOCTYPES = ['presentation', 'form', 'sheet', 'report'] as const;
export type Doctype = (typeof DOCTYPES)[number];

/** The id that stands for the current organisation's root folder in paths and bodies. */
export const ROOT = 'root';

/** Folder page size (documentation §9) and the most one page may hold. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
export const MAX_NAME_LENGTH = 255;
export const MAX_DESCRIPTION_LENGTH = 5000;
export const MAX_CHANGELOG_LENGTH = 5000;
/** Entries one ACL may hold. */
export const MAX_ACL_ENTRIES = 500;
