/**
 * GET settings/export.zip (issue #47, GDPR Art. 20): an organisation's data to take away, for its admins
 * (api.ts ACCESS; refused to API tokens, auth/api-tokens.ts). One ZIP (./zip.ts, streamed) of: a README
 * (./readme.ts, what each file is), the organisation, its members and roles and the members' avatars
 * (./avatars.ts), every folder, the ACL entries, share links, pending invitations and API tokens
 * (./access.ts, never a token), every document with every published version, each checklist's submissions
 * as JSON and as THE results page's CSV (src/shared/checklists/results-csv.ts), each document's files read
 * from the storage driver (local or S3, ./stored-files.ts), the assignments and schedules (./workflow.ts),
 * the webhooks and their delivery log (./webhooks.ts, never a secret), and the activity log. Every table is
 * read in pages by keyset (./pages.ts; db/queries/organisation-export.ts and the query builder here and in
 * the files named), each page written before the next is read: memory stays flat whatever the
 * organisation's size (tests/bench/organisation-export.ts). Only this organisation's rows are read: every
 * statement names its id. The export is recorded (OrganisationExported) before the first byte.
 */
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { exportFileName } from '../../../shared/api/sheets.ts';
import { orderedQuestions } from '../../../shared/checklists/question.ts';
import { resultsCsvHeader, resultsCsvLine } from '../../../shared/checklists/results-csv.ts';
import { eventPageAfter, folderPage, memberPage, submissionPage, type ExportedSubmission, type TimeKey } from '../../db/queries/organisation-export.ts';
import { documents, documentVersions, organisations, roles, uploads } from '../../db/schema.ts';
import type { Deps, Member } from '../../env.ts';
import type { DownloadFile } from '../../http/file-download.ts';
import { recordActivity } from '../activity.ts';
import { addAccess } from './access.ts';
import { addAvatars } from './avatars.ts';
import { byId, byTime, EXPORT_PAGE, json, jsonArray, once, pages } from './pages.ts';
import { readmeText } from './readme.ts';
import { addStoredFiles } from './stored-files.ts';
import { addWebhooks } from './webhooks.ts';
import { addWorkflow } from './workflow.ts';
import { streamedZip, type ZipWriter } from './zip.ts';

type DocumentRow = Awaited<ReturnType<typeof documentPage>>[number];

function documentPage(deps: Deps, orgId: string, after: string | undefined) {
  const d = documents;
  return deps.db
    .select({
      id: d.id, folder_id: d.folderId, name: d.name, description: d.description, doctype: d.doctype, version: d.version,
      contents: d.contents, draft_contents: d.draftContents, created_by: d.createdBy, created_at: d.createdAt,
      modified_by: d.modifiedBy, modified_at: d.modifiedAt, deleted_at: d.deletedAt,
    })
    .from(d)
    .where(and(eq(d.orgId, orgId), after === undefined ? undefined : gt(d.id, after)))
    .orderBy(asc(d.id))
    .limit(EXPORT_PAGE);
}

function versionPage(deps: Deps, documentId: string, after: number | undefined) {
  const v = documentVersions;
  return deps.db
    .select({ version: v.version, name: v.name, description: v.description, contents: v.contents, changelog: v.changelog, created_by: v.createdBy, created_at: v.createdAt })
    .from(v)
    .where(and(eq(v.documentId, documentId), after === undefined ? undefined : gt(v.version, after)))
    .orderBy(asc(v.version))
    .limit(EXPORT_PAGE);
}

function uploadPage(deps: Deps, orgId: string, documentId: string, after: string | undefined) {
  const u = uploads;
  return deps.db
    .select({ id: u.id, purpose: u.purpose, orgId: u.orgId, fileOf: u.fileOf, filename: u.filename, content_type: u.contentType, size: u.size, created_by: u.createdBy, created_at: u.createdAt })
    .from(u)
    .where(and(eq(u.orgId, orgId), eq(u.documentId, documentId), isNotNull(u.completedAt), after === undefined ? undefined : gt(u.id, after)))
    .orderBy(asc(u.id))
    .limit(EXPORT_PAGE);
}

/** A document's files from the storage driver, then files.json (saying which the storage no longer had). */
function addFiles(zip: ZipWriter, deps: Deps, orgId: string, dir: string, documentId: string): Promise<void> {
  return addStoredFiles(zip, deps, {
    folder: `${dir}files/`,
    list: `${dir}files.json`,
    read: (after: string | undefined) => uploadPage(deps, orgId, documentId, after),
    keyOf: byId,
  });
}

const submissionJson = ({ key: _key, ...row }: ExportedSubmission) => row;

/** A checklist's submissions: JSON, then THE CSV of its results page (the latest version's questions). */
async function addSubmissions(zip: ZipWriter, deps: Deps, orgId: string, dir: string, doc: DocumentRow): Promise<void> {
  const all = () => pages((after: TimeKey | undefined) => submissionPage(deps.db, orgId, doc.id, after, EXPORT_PAGE), byTime);
  await zip.add(`${dir}submissions.json`, () => jsonArray(all(), submissionJson));
  const questions = orderedQuestions((doc.contents ?? {}) as Record<string, unknown>);
  await zip.add(`${dir}submissions.csv`, async function* () {
    yield resultsCsvHeader(questions);
    for await (const page of all()) {
      let text = '';
      for (const row of page) text += resultsCsvLine(questions, { ...row, created_at: row.created_at.toISOString(), record: row.record as never });
      yield text;
    }
  });
}

async function addDocument(zip: ZipWriter, deps: Deps, orgId: string, doc: DocumentRow): Promise<void> {
  const dir = `documents/${doc.id}/`;
  await zip.add(`${dir}document.json`, json(doc));
  await zip.add(`${dir}versions.json`, () => jsonArray(pages((after: number | undefined) => versionPage(deps, doc.id, after), (v) => v.version)));
  if (doc.doctype === 'form') await addSubmissions(zip, deps, orgId, dir, doc);
  await addFiles(zip, deps, orgId, dir, doc.id);
}

async function writeExport(zip: ZipWriter, deps: Deps, who: Member, at: Date): Promise<void> {
  const { db } = deps;
  const orgId = who.orgId;
  const [org] = await db.select({ id: organisations.id, name: organisations.name, created_at: organisations.createdAt }).from(organisations).where(eq(organisations.id, orgId));
  if (!org) throw new Error(`organisation ${orgId} is gone`);
  await zip.add('README.txt', () => once(readmeText(org, at).replace(/\n/g, '\r\n')));
  await zip.add('organisation.json', json({ ...org, exported_at: at, exported_by: { id: who.userId, username: who.username } }));
  await zip.add('users.json', () => jsonArray(pages((after: string | undefined) => memberPage(db, orgId, after, EXPORT_PAGE), byId)));
  await addAvatars(zip, deps, orgId);
  const rolePage = (after: string | undefined) =>
    db
      .select({ id: roles.id, name: roles.name, description: roles.description, created_at: roles.createdAt })
      .from(roles)
      .where(and(eq(roles.orgId, orgId), after === undefined ? undefined : gt(roles.id, after)))
      .orderBy(asc(roles.id))
      .limit(EXPORT_PAGE);
  await zip.add('roles.json', () => jsonArray(pages(rolePage, byId)));
  await zip.add('folders.json', () => jsonArray(pages((after: string | undefined) => folderPage(db, orgId, after, EXPORT_PAGE), byId)));
  await addAccess(zip, deps, orgId);
  for await (const page of pages((after: string | undefined) => documentPage(deps, orgId, after), byId)) {
    for (const doc of page) await addDocument(zip, deps, orgId, doc);
  }
  await addWorkflow(zip, deps, orgId);
  await addWebhooks(zip, deps, orgId);
  await zip.add('activity.json', () => jsonArray(pages((after: TimeKey | undefined) => eventPageAfter(db, orgId, after, EXPORT_PAGE), byTime), ({ key: _key, ...e }) => e));
}

/** The organisation's export, recorded in its activity log; the ZIP streams as the answer is read. */
export async function organisationExport(deps: Deps, who: Member): Promise<DownloadFile> {
  const at = deps.now();
  await deps.db.transaction((tx) => recordActivity(tx, { type: 'OrganisationExported', orgId: who.orgId, actorId: who.userId, at, context: {} }));
  const body = streamedZip((zip) => writeExport(zip, deps, who, at), at);
  return { fileName: exportFileName(`${who.orgName} ${at.toISOString().slice(0, 10)}`, 'zip'), contentType: 'application/zip', body };
}
