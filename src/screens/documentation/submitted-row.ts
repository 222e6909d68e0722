/**
 * One submitted row of a checklist, read-only (documentation §2: `/documentation/view/{document_id}/{id}`
 * and `/documentation/results/{document_id}/{id}`, with 'Back to Results'): who submitted it and when,
 * the checklist version, then one card per question with the answer (./answer-text.ts), the valid flag
 * as a tick or a cross, the comments and the photos.
 *
 * The questions are those of the version the row was submitted against (the row's `document_id` at its
 * `version`), so titles and labels match what the person filling it in saw. Photos are shown through
 * short-lived signed addresses (GET documents/{id}/media-urls), which an <img> can load without a token.
 */
import type { PageReadName } from '../../shared/page-data.ts';
import type { Doctype, Document, SubmittedRow } from '../../shared/api/documentation.ts';
import { NOT_ASKED, orderedQuestions, type Question } from '../../shared/checklists/index.ts';
import '../../styles/submitted-row.css';
import { api } from '../../client/api.ts';
import { resultsPath, viewPath } from '../../shared/page-addresses.ts';
import { formatDateTime, timeElement } from '../../client/time-format.ts';
import { answerCards, answerText, NOT_ANSWERED, type AnswerCard } from './answer-text.ts';
import { failureText } from './failure.ts';

export const BACK_TO_RESULTS = 'Back to Results';

/** A link back from a row: where it leads and what it says. */
export interface BackLink {
  href: string;
  text: string;
}

/**
 * The way back from a row of document `documentId` (named `name`, of `doctype`, when it could be read).
 * A result sheet or report has a results grid (issue #13): the spec's 'Back to Results' leads to it,
 * `/documentation/results/{id}`. A checklist has none, so the link goes to its own page and says so,
 * 'Back to {name}' (issue #9: 'Back to Results' landing on the fill page misled).
 */
export function backFromRow(documentId: string, name: string | undefined, doctype?: Doctype): BackLink {
  if (doctype === 'sheet' || doctype === 'report') return { href: resultsPath(documentId), text: BACK_TO_RESULTS };
  return { href: viewPath(documentId), text: name ? `Back to ${name}` : 'Back to the Document' };
}
export const SUBMITTED_ANSWERS = 'Submitted Answers';
/** The media-urls call takes at most this many upload ids. */
const MEDIA_URLS_PER_CALL = 100;

export interface SubmittedRowOptions {
  /** The way back (backFromRow). */
  back: BackLink;
  /** A document the page has loaded already: its questions are used when it is the row's checklist at the row's version. */
  loaded?: Document | undefined;
  /** The row when the page has asked for it already, beside its other reads (one API level). */
  row?: PromiseSettledResult<SubmittedRow> | undefined;
}

/** Reads the row `rowId`, settled (a page asks for it beside its other reads, as its first read `row`, and hands it to `renderSubmittedRow`). */
export const readSubmittedRow = (rowId: string, pageRead?: PageReadName): Promise<PromiseSettledResult<SubmittedRow>> =>
  Promise.allSettled([api.documentation.submittedRow(rowId, pageRead)]).then(([row]) => row!);

/** Shows the row `rowId` in `container`; resolves with it, or undefined when it could not be loaded (the error is shown). */
export async function renderSubmittedRow(container: HTMLElement, rowId: string, options: SubmittedRowOptions): Promise<SubmittedRow | undefined> {
  const status = document.createElement('p');
  status.className = 'loading-text';
  status.setAttribute('role', 'status');
  status.textContent = 'Loading…';
  container.replaceChildren(status);

  const read = options.row ?? (await readSubmittedRow(rowId));
  if (read.status === 'rejected') {
    container.replaceChildren(failureText(read.reason), backLink(options.back));
    return undefined;
  }
  const row = read.value;
  const questions = await questionsOf(row, options.loaded);
  const cards = answerCards(questions, row.record);
  const section = document.createElement('section');
  section.className = 'submitted-row';
  section.setAttribute('aria-labelledby', 'submitted-row-heading');
  const head = document.createElement('div');
  head.className = 'submitted-row-head';
  const heading = document.createElement('h2');
  heading.id = 'submitted-row-heading';
  heading.textContent = SUBMITTED_ANSWERS;
  // The way back first, at the start of the line, above the heading (issue #43: on the right it floated mid-header).
  head.append(backLink(options.back), heading);
  const list = document.createElement('ol');
  list.className = 'answer-list';
  list.setAttribute('aria-label', 'Answers');
  list.append(...cards.map(answerCard));
  section.append(head, facts(row), list);
  container.replaceChildren(section);
  void showPhotos(section, row.document_id);
  return row;
}

function backLink(back: BackLink): HTMLAnchorElement {
  const link = document.createElement('a');
  link.className = 'submitted-row-back';
  link.href = back.href;
  link.textContent = back.text;
  return link;
}

/** The row's checklist questions at its version; none when they cannot be read (the answers then show by question id). */
async function questionsOf(row: SubmittedRow, loaded: Document | undefined): Promise<{ id: string; question: Question }[]> {
  const contentsOf = (doc: Document) => orderedQuestions(doc.contents as { questions?: unknown; question_index?: unknown });
  if (loaded && loaded.id === row.document_id && loaded.version === row.version) return contentsOf(loaded);
  try {
    return contentsOf(await api.documentation.documentVersion(row.document_id, row.version));
  } catch {
    return [];
  }
}

function facts(row: SubmittedRow): HTMLDListElement {
  const list = document.createElement('dl');
  list.className = 'submitted-row-facts';
  const fact = (term: string, value: string | Node) => {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.append(value);
    list.append(dt, dd);
  };
  fact('Submitted By', row.created_by_username ?? 'A former member');
  fact('Submitted At', timeElement(row.created_at, formatDateTime(row.created_at)));
  fact('Version', String(row.version));
  fact('Invalid Answers', String(row.validation_errors));
  return list;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A tick (valid) or a cross (not valid) with its word, so the flag does not rest on colour or shape alone. */
function validity(valid: boolean): HTMLElement {
  const flag = document.createElement('p');
  flag.className = `answer-validity ${valid ? 'is-valid' : 'is-invalid'}`;
  const icon = document.createElementNS(SVG_NS, 'svg');
  icon.setAttribute('viewBox', '0 0 24 24');
  icon.setAttribute('width', '20');
  icon.setAttribute('height', '20');
  icon.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', valid ? 'M5 12.5l4.5 4.5L19 7.5' : 'M6 6l12 12M18 6L6 18');
  path.setAttribute('fill', 'none');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '2.5');
  path.setAttribute('stroke-linecap', 'round');
  path.setAttribute('stroke-linejoin', 'round');
  icon.append(path);
  const word = document.createElement('span');
  word.textContent = valid ? 'Valid' : 'Invalid';
  flag.append(icon, word);
  return flag;
}

function answerCard(card: AnswerCard): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'answer-card';
  item.dataset.questionId = card.id;
  const article = document.createElement('article');
  article.setAttribute('aria-label', card.title);
  const head = document.createElement('div');
  head.className = 'answer-card-head';
  const title = document.createElement('h3');
  title.className = 'answer-question';
  title.textContent = card.title;
  // A question its condition hid was not asked: no valid flag (issue #43).
  if (card.hidden) head.append(title);
  else head.append(title, validity(card.valid));
  article.append(head);
  if (card.description.trim() !== '') {
    const description = document.createElement('p');
    description.className = 'answer-description';
    description.textContent = card.description;
    article.append(description);
  }
  const details = document.createElement('dl');
  details.className = 'answer-details';
  const detail = (term: string, value: string | Node, className: string) => {
    const dt = document.createElement('dt');
    dt.textContent = term;
    const dd = document.createElement('dd');
    dd.className = className;
    dd.append(value);
    details.append(dt, dd);
  };
  const answer = card.hidden ? NOT_ASKED : answerText(card.valueType, card.value, formatDateTime);
  detail('Answer', answer, answer === NOT_ANSWERED || card.hidden ? 'answer-value is-empty' : 'answer-value');
  if (card.comments.trim() !== '') detail('Comments', card.comments, 'answer-comments');
  if (card.media.length > 0) {
    const photos = document.createElement('ul');
    photos.className = 'answer-photos';
    card.media.forEach((uploadId, i) => {
      const photo = document.createElement('li');
      photo.dataset.uploadId = uploadId;
      photo.dataset.alt = `Photo ${i + 1} of ${card.title}`;
      photo.textContent = 'Loading photo…';
      photos.append(photo);
    });
    detail('Photos', photos, 'answer-photos-cell');
  }
  article.append(details);
  item.append(article);
  return item;
}

/** Puts the signed address of each photo into its place; a photo without one says so. */
async function showPhotos(section: HTMLElement, documentId: string): Promise<void> {
  const places = [...section.querySelectorAll<HTMLLIElement>('.answer-photos li[data-upload-id]')];
  const ids = [...new Set(places.map((p) => p.dataset.uploadId!))];
  if (ids.length === 0) return;
  const urls = new Map<string, string>();
  for (let i = 0; i < ids.length; i += MEDIA_URLS_PER_CALL) {
    try {
      const { results } = await api.documentation.mediaUrls(documentId, ids.slice(i, i + MEDIA_URLS_PER_CALL));
      for (const media of results) urls.set(media.upload_id, media.url);
    } catch {
      // the photos of this batch say they are not available
    }
  }
  for (const place of places) {
    const url = urls.get(place.dataset.uploadId!);
    if (!url) {
      place.textContent = 'Photo not available';
      continue;
    }
    const link = document.createElement('a');
    link.href = url; // the photo at full size
    const image = document.createElement('img');
    image.src = url;
    image.alt = place.dataset.alt ?? 'Photo';
    image.loading = 'lazy';
    image.decoding = 'async';
    link.append(image);
    place.replaceChildren(link);
  }
}
