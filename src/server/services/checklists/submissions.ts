/**
 * Checklist submissions (documentation §3 "Submission record", §4 "Form fill", §7 data calls): submit a
 * filled-in checklist, list a checklist's rows, read one row.
 *
 * A submission is judged against the questions of the checklist's latest PUBLISHED version (never the
 * draft) by the shared rules (shared/checklists): every answer must name a question and fit its value
 * type, required answers and photo-verification photos must be there, photos must be completed uploads
 * of this checklist by the submitter. Each answer is stored with its `valid` flag. Who may submit, and
 * who may read the rows, is THE action table's `submit` and `viewResults` rows (today Read for both).
 *
 * A submission through a share link (issue #29; ./shared-checklist.ts) goes the same way with another
 * submitter: no user (created_by null), its link (share_link_id), a DataSubmitted event without an actor that names the link, and rows whose author reads `share: {name}`.
 */
import { and, count, desc, eq, gt, gte, lt, type SQL } from 'drizzle-orm';
import type { DataQueryParsed, SubmittedRow } from '../../../shared/api/documentation.ts';
import type { List } from '../../../shared/api/list.ts';
import { orderedQuestions, recordAnswer, type Question, type RecordedAnswer } from '../../../shared/checklists/index.ts';
import type { AnswerInput } from '../../../shared/checklists/schemas.ts';
import { isUuid, uuidv7 } from '../../../shared/ids.ts';
import type { Queryable } from '../../db/connection.ts';
import type { KeyInWork } from '../../db/queries/idempotency-keys.ts';
import { insertQuietSubmissionWithEvent, insertSubmissionWithEvent } from '../../db/queries/submissions.ts';
import { checklistSubmissions } from '../../db/schema.ts';
import type { Deps, Member, SignedInRead } from '../../env.ts';
import { badRequest, conflict, HttpError, notFound, validationFailed, type FieldError } from '../../errors.ts';
import { readableDocument, readableDocumentFrom, requireAction, type DocumentAccess, type DocumentRow } from '../documentation/access.ts';
import { present } from '../../presenters/checklists.ts';
import { activityRow, type DataSubmittedContext } from '../activity.ts';
import { notificationRecipients, notifyRecipients, type NewNotification } from '../notifications/fan-out.ts';
import { webhookData, webhookTypesOf } from '../webhooks/events.ts';
import { presentRows } from './submitted-rows.ts';
import { completedUploadsOf, markUploadsUsed } from './uploads.ts';
import { judgeSubmission } from './judge-submission.ts';
import { correctionRecipients, raiseCorrections } from '../assignments/corrections.ts';
import { completableBy, completeBySubmission, type Completer } from '../assignments/completion.ts';

export interface Submission {
  record: Record<string, AnswerInput>;
  /**
   * When a kiosk station's submission was made (a share link's only, within bounds: ./made-at.ts): one made
   * offline completes the occurrence whose window held then (issue #44). Otherwise the server's clock.
   */
  madeAt?: Date;
}

/** Who submits: a member, or a share link (no user). */
export interface Submitter {
  orgId: string;
  /** The member; null through a share link. */
  userId: string | null;
  /** Through a share link: its id and name. */
  shareLink: { id: string; name: string } | null;
  /** The row's author as its answer shows it: the username, or `share: {name}`. */
  author: string;
  /** The member's roles (their assignments to a role complete with their submission: issue #44); none through a link. */
  roleIds?: ReadonlySet<string>;
}

const memberSubmitter = (who: Member): Submitter => ({ orgId: who.orgId, userId: who.userId, shareLink: null, author: who.username, roleIds: who.roleIds });

/** The submitter as the assignments it completes see them (issue #44). */
const completerOf = (who: Submitter): Completer => ({
  orgId: who.orgId,
  userId: who.userId,
  username: who.userId === null ? null : who.author,
  roleIds: who.roleIds ?? new Set(),
  shareLinkId: who.shareLink?.id ?? null,
});

/** A well-formed submission as it is stored: its answers recorded, its id and its DataSubmitted event. */
function preparedRow(
  who: Submitter,
  document: DocumentRow,
  folder: { id: string; name: string },
  byId: ReadonlyMap<string, Question>,
  submission: Submission,
  now: Date,
) {
  const record: Record<string, RecordedAnswer> = {};
  for (const [id, answer] of Object.entries(submission.record)) record[id] = recordAnswer(byId.get(id)!, answer);
  const validationErrors = Object.values(record).filter((a) => !a.valid).length;
  const id = uuidv7(now.getTime());
  const event = activityRow({
    type: 'DataSubmitted',
    orgId: who.orgId,
    actorId: who.userId,
    at: now,
    documentId: document.id,
    folderId: folder.id,
    context: {
      sheet_id: document.id,
      sheet_name: document.name,
      validation_errors: validationErrors,
      submission_id: id,
      version: document.version,
      folder_id: folder.id,
      folder_name: folder.name,
      ...(who.shareLink ? { share_link_id: who.shareLink.id, share_link_name: who.shareLink.name } : {}),
    } satisfies DataSubmittedContext,
  });
  return { id, record, validationErrors, event };
}

/**
 * POST documentation/documents/{id}/data: 201 with the stored row. With an Idempotency-Key (`key`, from
 * http/idempotency.ts) the key is claimed FIRST in the row's transaction and answered in it: a crash or a
 * refusal keeps neither, a concurrent repeat waits at the claim (PostgreSQL) and is then answered the
 * first row. A retry after that never gets here: the middleware answers the first row again (even if its
 * answers would not pass now, say the checklist has changed since), as for every creating POST.
 *
 * Statements: the caller with the document and its chain (read by the sign-in: `signedInRead`), then `submitTo`'s: for a quiet submission ONE
 * statement that stores the row, its DataSubmitted event and its deliveries together.
 */
export async function submitChecklist(
  deps: Deps,
  who: Member,
  documentId: string,
  submission: Submission,
  key: KeyInWork | undefined,
  signedInRead?: SignedInRead,
): Promise<SubmittedRow> {
  // The checklist as the sign-in read it beside the caller (one round trip fewer), else read now; judged alike.
  const access =
    signedInRead?.documentId === documentId ? readableDocumentFrom(signedInRead.document, who) : await readableDocument(deps.db, who, documentId);
  requireAction(access.permissions, 'submit', 'document');
  return submitTo(deps, memberSubmitter(who), access, submission, key);
}

/** A submission judged and made ready to store: its questions, errors, photos, row and who it raises corrections for. */
interface Planned {
  document: DocumentRow;
  questions: ReturnType<typeof judgeSubmission>['shown'];
  errors: FieldError[];
  photos: { id: string; upload: string; i: number }[];
  /** The row and its event, once the answers are well-formed (the photos are checked by `store`). */
  prepared: ReturnType<typeof preparedRow> | undefined;
  /** Who hears of the failing answers: their corrective actions are raised with the row. */
  correctors: ReturnType<typeof correctionRecipients>;
  now: Date;
  /** When it was made: a kiosk's offline submission counts for the occurrence of that moment (issue #44). */
  madeAt: Date;
}

function planSubmission(deps: Deps, who: Submitter, access: Pick<DocumentAccess, 'document' | 'chain'>, submission: Submission): Planned {
  const document = access.document;
  if (document.doctype !== 'form') throw badRequest('Only checklists take submissions');
  // Hidden questions (issue #33): never required, their answers dropped unjudged (./judge-submission.ts).
  const judged = judgeSubmission(orderedQuestions(document.contents as Record<string, unknown>), submission.record);
  const questions = judged.shown;
  const byId = new Map(questions.map((q) => [q.id, q.question]));
  const errors: FieldError[] = judged.errors;
  const kept: Submission = { record: judged.record };
  const now = deps.now();
  const photos = questions.flatMap(({ id, question }) =>
    question.photoVerification ? (kept.record[id]?.media ?? []).map((upload, i) => ({ id, upload, i })) : [],
  );
  const prepared = errors.length === 0 ? preparedRow(who, document, access.chain[0]!, byId, kept, now) : undefined;
  const correctors = prepared ? correctionRecipients(questions, prepared.record) : [];
  return { document, questions, errors, photos, prepared, correctors, now, madeAt: submission.madeAt ?? now };
}

/** The stored row's values and its webhook deliveries' (issue #34: services/webhooks/events.ts). */
function rowOf(who: Submitter, plan: Planned, prepared: NonNullable<Planned['prepared']>) {
  const { record, validationErrors, event } = prepared;
  return {
    values: {
      id: prepared.id,
      orgId: who.orgId,
      documentId: plan.document.id,
      version: plan.document.version,
      record,
      validationErrors,
      createdBy: who.userId,
      createdAt: plan.now,
      shareLinkId: who.shareLink?.id ?? null,
    },
    event,
    webhooks: { types: webhookTypesOf(event), data: webhookData({ ...event, actorId: event.actorId ?? null, context: event.context ?? {} }) },
  };
}

/**
 * Stores a planned submission in `db` (the database, or its transaction): the key's claim, the photos'
 * check (it confirms their uploads, a write, so a refused submission changes nothing), the row with its
 * DataSubmitted event and deliveries, its subscribers' notifications, the corrective actions it raises,
 * the assignments it completes, the key's answer.
 */
async function store(
  deps: Deps,
  db: Queryable,
  who: Submitter,
  plan: Planned,
  then: { told: NewNotification[]; completes: string[]; key: KeyInWork | undefined },
): Promise<SubmittedRow> {
  const { document, photos, errors, prepared } = plan;
  const key = then.key;
  // Another request holds the key (committed meanwhile): nothing runs; the middleware answers its row.
  if (key && !(await key.claim(db))) throw conflict('A request with this Idempotency-Key is in progress');
  // The photos are used now (kept from the clean-up of unused uploads), before they are checked.
  const uploads = photos.map((p) => p.upload);
  await markUploadsUsed(db, { orgId: who.orgId, documentId: document.id }, uploads);
  const completed = await completedUploadsOf(db, deps.config, { orgId: who.orgId, documentId: document.id, userId: who.userId }, uploads, plan.now);
  for (const photo of photos) {
    if (!completed.has(photo.upload)) {
      errors.push({ field: `record.${photo.id}.media.${photo.i}`, message: 'is not a completed upload of yours for this checklist' });
    }
  }
  if (errors.length > 0 || !prepared) throw validationFailed(errors);

  const { values, event, webhooks } = rowOf(who, plan, prepared);
  const inserted = await insertSubmissionWithEvent(db, values, event, webhooks);
  // Its subscribers' notifications (issue #12), in the same transaction: a row is never stored without them.
  await notifyRecipients(db, event, then.told);
  // Corrective actions (issue #12): in this transaction.
  if (plan.correctors.length > 0) {
    const raisedBy = { submittedBy: who.userId, ...(who.shareLink ? { sharedBy: who.shareLink.name } : {}) };
    await raiseCorrections(db, { orgId: who.orgId, documentId: document.id, submissionId: inserted.id, ...raisedBy, at: plan.now }, plan.correctors);
  }
  // Assignments finish (issue #44): in this transaction.
  await completeBySubmission(db, completerOf(who), { documentId: document.id, submissionId: inserted.id, at: plan.madeAt, ids: then.completes });
  const answer = present(inserted, who.author);
  // The answer with its key, in this transaction: kept only if the row is.
  if (key) await key.answer(db, 201, answer);
  return answer;
}

/**
 * A submission to a checklist the submitter may fill (`access`: a member's Read, or a share link's checklist).
 *
 * Round trips (issue #46: a submission's time under load is its round trips). A QUIET one — well-formed, no
 * photos, no corrective actions, no Idempotency-Key, and (judged by the statement itself,
 * db/queries/submissions.ts) nobody to tell and nothing to complete — is ONE statement that stores the row
 * with its event and deliveries, atomic by itself. Otherwise (or when that statement finds it is not quiet
 * and stores nothing): the subscribers to tell and the assignments it completes, read at once, then ONE
 * transaction that stores it all or nothing (`store`), or the row's statement alone when there is nothing
 * else to store.
 */
export async function submitTo(
  deps: Deps,
  who: Submitter,
  access: Pick<DocumentAccess, 'document' | 'chain'>,
  submission: Submission,
  key?: KeyInWork,
): Promise<SubmittedRow> {
  const plan = planSubmission(deps, who, access, submission);
  const { prepared, photos, correctors } = plan;
  if (prepared && !key && photos.length === 0 && correctors.length === 0) {
    const { values, event, webhooks } = rowOf(who, plan, prepared);
    const quiet = await insertQuietSubmissionWithEvent(deps.db, values, event, webhooks);
    if (quiet) return present(quiet, who.author);
  }
  // Two reads before anything is stored, independent of each other: sent at once.
  const [told, completes] = prepared
    ? await Promise.all([notificationRecipients(deps.db, prepared.event), completableBy(deps.db, completerOf(who), plan.document.id, plan.madeAt)])
    : [[], []];
  const then = { told, completes, key };
  const alone = !key && prepared !== undefined && photos.length === 0 && told.length === 0 && correctors.length === 0 && completes.length === 0;
  return alone ? await store(deps, deps.db, who, plan, then) : await deps.db.transaction((tx) => store(deps, tx, who, plan, then));
}

/**
 * Which checklist's rows GET documents/{id}/data reads: a checklist's own (form_id, if given, must be
 * its id); for a result sheet or report, `form_id` names one of its checklists, which the caller must
 * also be able to Read.
 */
async function formOfDataQuery(deps: Deps, who: Member, documentId: string, formId: string | undefined): Promise<string> {
  const access = await readableDocument(deps.db, who, documentId);
  requireAction(access.permissions, 'viewResults', 'document');
  const document = access.document;
  switch (document.doctype) {
    case 'form':
      if (formId !== undefined && formId !== document.id) {
        throw validationFailed([{ field: 'form_id', message: "must be this checklist's id, or left out" }]);
      }
      return document.id;
    case 'sheet':
    case 'report': {
      if (formId === undefined) throw validationFailed([{ field: 'form_id', message: 'Field required' }]);
      const formIds = (document.contents as { form_ids?: unknown }).form_ids;
      if (!Array.isArray(formIds) || !formIds.includes(formId)) {
        throw validationFailed([{ field: 'form_id', message: `is not one of this ${document.doctype}'s checklists` }]);
      }
      const form = await readableDocument(deps.db, who, formId);
      requireAction(form.permissions, 'viewResults', 'document');
      if (form.document.doctype !== 'form') throw validationFailed([{ field: 'form_id', message: 'is not a checklist' }]);
      return form.document.id;
    }
    case 'presentation':
      throw badRequest('A presentation has no data');
  }
}

/** GET documentation/documents/{id}/data: newest first, `start_time <= created_at < end_time`, with the results page's filters. */
export async function checklistData(deps: Deps, who: Member, documentId: string, query: DataQueryParsed): Promise<List<SubmittedRow>> {
  const formId = await formOfDataQuery(deps, who, documentId, query.form_id);
  const conditions: SQL[] = [eq(checklistSubmissions.orgId, who.orgId), eq(checklistSubmissions.documentId, formId)];
  if (query.start_time !== undefined) conditions.push(gte(checklistSubmissions.createdAt, new Date(query.start_time * 1000)));
  if (query.end_time !== undefined) conditions.push(lt(checklistSubmissions.createdAt, new Date(query.end_time * 1000)));
  // The results page's filters (issue #45): valid or failing, one member's or one share link's rows.
  if (query.status === 'failing') conditions.push(gt(checklistSubmissions.validationErrors, 0));
  if (query.status === 'valid') conditions.push(eq(checklistSubmissions.validationErrors, 0));
  if (query.created_by !== undefined) conditions.push(eq(checklistSubmissions.createdBy, query.created_by));
  if (query.share_link_id !== undefined) conditions.push(eq(checklistSubmissions.shareLinkId, query.share_link_id));
  const where = and(...conditions);
  const rows = await deps.db
    .select()
    .from(checklistSubmissions)
    .where(where)
    .orderBy(desc(checklistSubmissions.createdAt), desc(checklistSubmissions.id))
    .offset(query.skip)
    .limit(query.limit);
  const [counted] = await deps.db.select({ total: count() }).from(checklistSubmissions).where(where);
  return { results: await presentRows(deps.db, rows), total: Number(counted?.total ?? 0) };
}

const submissionNotFound = () => notFound('Submission not found');

/** GET documentation/documents/documentdata/{id}: one row, for readers of its checklist; 404 alike for missing, foreign and unreadable. */
export async function submittedRow(deps: Deps, who: Member, id: string): Promise<SubmittedRow> {
  if (!isUuid(id)) throw submissionNotFound();
  const [row] = await deps.db
    .select()
    .from(checklistSubmissions)
    .where(and(eq(checklistSubmissions.id, id), eq(checklistSubmissions.orgId, who.orgId)));
  if (!row) throw submissionNotFound();
  const access = await readableDocument(deps.db, who, row.documentId).catch((err: unknown) => {
    throw err instanceof HttpError && err.status === 404 ? submissionNotFound() : err;
  });
  requireAction(access.permissions, 'viewResults', 'document');
  const [presented] = await presentRows(deps.db, [row]);
  return presented!;
}
