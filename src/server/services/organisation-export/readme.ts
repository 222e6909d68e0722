/** The README.txt at the top of an organisation's export: what each file is (docs/operations.md "An organisation's data to take away"). */

export function readmeText(org: { id: string; name: string }, at: Date): string {
  return `Ringbinder: the data of the organisation "${org.name}" (${org.id}),
exported ${at.toISOString()} (GDPR Art. 20, data portability).

Every JSON file is UTF-8; times are ISO 8601 in UTC; ids are UUIDs that tie the files together
(a document's folder_id is a folder's id, a submission's created_by a user's id, and so on).

README.txt            this file
organisation.json     the organisation: id, name, when it was made, who exported this and when
users.json            its members: id, username, full name, e-mail address, organisation admin or not,
                      active or not, when they joined, their roles (id and name). An erased account
                      (GDPR Art. 17) reads "Deleted user", with no e-mail address
roles.json            its roles: id, name, description, created_at
folders.json          every folder, the trash's too: id, parent_id (null: the root folder), name,
                      description, created_by, created_at, modified_at, deleted_at (set: in the trash)
documents/{id}/       one folder per document (presentation, checklist, result sheet or report), the
                      trash's too:
  document.json       the document: id, folder_id, name, description, doctype (form: a checklist,
                      sheet: a result sheet, report, presentation), its latest published version
                      number and contents, the draft not yet published (draft_contents), who and when
  versions.json       every published version, oldest first: version, name, description, contents,
                      changelog, created_by, created_at
  submissions.json    a checklist's submissions, oldest first: id, version (of the checklist they
                      answered), created_at, created_by (a user id; null through a share link),
                      created_by_username ("share: {link name}" through a share link), share_link_id,
                      validation_errors (how many answers are not valid), record (question id ->
                      value, comments, media: the ids of its files, valid)
  submissions.csv     the same submissions as the checklist's results page exports them (Export CSV):
                      Datetime, Submitted By, Status, then each question of the latest version
  files.json          the document's files (photos and files of submissions, pictures of questions,
                      pages of presentations): id, filename, content_type, size, created_by,
                      created_at, and path: where the file is in this archive (missing: true when the
                      storage no longer had it)
  files/              the files themselves, named {id}-{filename}
activity.json         the activity log, oldest first: id, type, at, actor_id, actor_username, folder_id,
                      document_id, context (what the log shows: names, versions, ...)
`;
}
