/**
 * Markdown to safe HTML for presentation page descriptions (documentation §1, §3: "description
 * (markdown)") — the viewer shows them, the editor's preview may reuse it. GitHub-flavoured: tables,
 * strikethrough (~~x~~) and task lists (- [x]).
 *
 * Two locks, because a description is written by one person and read by others:
 * 1. raw HTML in the markdown is never passed through — `marked` turns it into text (`<script>` reads as
 *    the characters "<script>"), so no markup can be injected in the first place;
 * 2. the HTML marked produces is then sanitised by DOMPurify with a short allow-list (no script, style,
 *    form, frame or image elements, no event or style attributes, only http(s)/mailto/relative links).
 *
 * marked (≈ 12 KB gzip, already in the tree through @tiptap/markdown, so the editor and the viewer share
 * one parser) + DOMPurify (≈ 9 KB gzip, the reference sanitiser) rather than micromark + its GFM
 * extensions: fewer modules, one version to keep, and the editor's serialiser speaks the same dialect.
 */
import { Marked, type Tokens } from 'marked';
import DOMPurify from 'dompurify';

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

const parser = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    // Raw HTML, block or inline, is shown as the text it is.
    html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
    // No pictures from anywhere (they would be requests the CSP refuses): the alternative text stays.
    image: ({ text }: Tokens.Image) => escapeHtml(text),
  },
});

/** The HTML marked makes of a description, raw HTML escaped (not yet sanitised: use {@link renderMarkdown} in pages). */
export function markdownHtml(markdown: string): string {
  return parser.parse(markdown) as string;
}

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'em', 'del', 's', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'input', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
];
const ALLOWED_ATTR = ['href', 'title', 'type', 'checked', 'disabled', 'align', 'start'];

/**
 * A description as a sanitised fragment, ready to be placed in the page: links open in the same tab
 * with `rel="noopener noreferrer"`, and a task's checkbox is read-only and named by its item's text.
 */
export function renderMarkdown(markdown: string): DocumentFragment {
  const fragment = DOMPurify.sanitize(markdownHtml(markdown), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const input of fragment.querySelectorAll('input')) {
    if (input.type !== 'checkbox') {
      input.remove();
      continue;
    }
    input.disabled = true;
    const item = input.closest('li');
    if (item) {
      item.classList.add('task-item');
      input.setAttribute('aria-label', `${input.checked ? 'Done' : 'Not done'}: ${item.textContent?.trim() ?? ''}`);
    }
  }
  for (const link of fragment.querySelectorAll('a')) link.rel = 'noopener noreferrer';
  return fragment;
}
