/**
 * A page's description (documentation §3 "description (markdown)"; §9 tables, strikethrough, task lists),
 * edited with Tiptap and stored as markdown (@tiptap/markdown: read with `contentType: 'markdown'`, written
 * with `getMarkdown()`). The formatting toolbar's buttons are named and say whether they are on; a table's
 * own actions (Add row, Add column, Delete table) stand in for Insert table while the caret is in one.
 */
import { Markdown } from '@tiptap/markdown';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { useEffect, useId, useRef } from 'react';
import { MAX_PAGE_DESCRIPTION_LENGTH } from '../../src/shared/presentations/model.ts';
import { descriptionExtensions, tidyMarkdown } from './markdown.ts';

interface Props {
  pageID: string;
  description: string;
  onChange: (markdown: string) => void;
}

export function DescriptionEditor({ pageID, description, onChange }: Props) {
  const labelId = useId();
  const editor = useDescriptionEditor({ pageID, description, onChange }, labelId);
  return (
    <section className="description-editor" aria-labelledby={labelId}>
      <h3 id={labelId}>Page description</h3>
      <FormatBar editor={editor} />
      <EditorContent editor={editor} className="description-field" />
    </section>
  );
}

/** The Tiptap editor of the description, reporting markdown; shown afresh when the description changes from outside. */
function useDescriptionEditor({ pageID, description, onChange }: Props, labelId: string): Editor | null {
  const emitted = useRef(description);
  const change = useRef(onChange);
  change.current = onChange;

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [...descriptionExtensions(), Markdown],
    content: description,
    contentType: 'markdown',
    editorProps: { attributes: { class: 'description-text', role: 'textbox', 'aria-multiline': 'true', 'aria-labelledby': labelId } },
    onUpdate: ({ editor: e }) => {
      const markdown = tidyMarkdown(e.getMarkdown()).slice(0, MAX_PAGE_DESCRIPTION_LENGTH);
      emitted.current = markdown;
      change.current(markdown);
    },
  });

  // Another page, or the description changed from outside (undo, redo, a draft loaded): shown afresh.
  useEffect(() => {
    if (!editor || description === emitted.current) return;
    emitted.current = description;
    editor.commands.setContent(description, { contentType: 'markdown', emitUpdate: false });
  }, [editor, pageID, description]);
  return editor;
}

/** The formatting toolbar: marks and lists (each says whether it is on), and the table's actions. */
function FormatBar({ editor }: { editor: Editor | null }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      strike: e?.isActive('strike') ?? false,
      bulletList: e?.isActive('bulletList') ?? false,
      orderedList: e?.isActive('orderedList') ?? false,
      taskList: e?.isActive('taskList') ?? false,
      table: e?.isActive('table') ?? false,
    }),
  });

  /** A mark or a list, on or off; `letter`: its short face (B, I, S drawn as what they do), the name staying whole. */
  const mark = (label: string, on: boolean | undefined, run: () => void, letter?: string) => (
    <button
      type="button"
      className={letter ? 'format-button letter' : 'format-button'}
      aria-pressed={on ? 'true' : 'false'}
      disabled={!editor}
      onClick={run}
      {...(letter ? { 'aria-label': label, title: label, 'data-mark': label.toLowerCase() } : {})}
    >
      {letter ?? label}
    </button>
  );
  const act = (label: string, run: () => void, enabled = true) => (
    <button type="button" className="format-button" disabled={!editor || !enabled} onClick={run}>
      {label}
    </button>
  );

  return (
    <div className="format-bar" role="toolbar" aria-label="Description formatting">
      {mark('Bold', active?.bold, () => editor?.chain().focus().toggleBold().run(), 'B')}
      {mark('Italic', active?.italic, () => editor?.chain().focus().toggleItalic().run(), 'I')}
      {mark('Strikethrough', active?.strike, () => editor?.chain().focus().toggleStrike().run(), 'S')}
      {mark('Bullet list', active?.bulletList, () => editor?.chain().focus().toggleBulletList().run())}
      {mark('Numbered list', active?.orderedList, () => editor?.chain().focus().toggleOrderedList().run())}
      {mark('Task list', active?.taskList, () => editor?.chain().focus().toggleTaskList().run())}
      {/* The table's own actions only inside a table, in place of Insert table: the bar stays one row. */}
      {active?.table ? (
        <>
          {act('Add row', () => editor?.chain().focus().addRowAfter().run())}
          {act('Add column', () => editor?.chain().focus().addColumnAfter().run())}
          {act('Delete table', () => editor?.chain().focus().deleteTable().run())}
        </>
      ) : (
        act('Insert table', () => editor?.chain().focus().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run())
      )}
    </div>
  );
}
