/**
 * The page description's editor schema and its markdown (documentation §3 "description (markdown)", §9
 * "Markdown for page descriptions supports tables, strikethrough and task lists"): Tiptap's starter kit
 * (headings, emphasis, strikethrough, lists, quotes, code, links), tables and task lists, read from and
 * written to markdown by the official @tiptap/markdown. One list, used by the editor and by the unit test
 * of the round trip (MarkdownManager needs no DOM).
 */
import { resolveExtensions, type AnyExtension } from '@tiptap/core';
import { TableKit } from '@tiptap/extension-table';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { MarkdownManager } from '@tiptap/markdown';
import StarterKit from '@tiptap/starter-kit';

/** The description's nodes and marks (without the Markdown extension itself). */
export function descriptionExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      // Headings below h3 only: a page's description is a few lines, not a document.
      heading: { levels: [1, 2, 3] },
      link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
    }),
    TableKit.configure({ table: { resizable: false } }),
    TaskList,
    TaskItem.configure({ nested: true }),
  ];
}

/** The stored form of what the editor serialised: no trailing spaces, at most one blank line, '' when empty. */
export function tidyMarkdown(markdown: string): string {
  return markdown
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^(&nbsp;|\u00a0)\s*$/gm, '')
    .trim();
}

let manager: MarkdownManager | undefined;

/** The serialiser the editor uses (the same extensions), for code that has markdown but no editor. */
export function descriptionMarkdown(): MarkdownManager {
  manager ??= new MarkdownManager({ extensions: resolveExtensions(descriptionExtensions()) });
  return manager;
}
