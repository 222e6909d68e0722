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
avatars.json          the members' pictures: user_id (whose), id, filename, content_type, size,
                      created_at, and path: where the picture is in this archive (missing: true when the
                      storage no longer had it)
avatars/              the pictures themselves, named {id}-{filename}
roles.json            its roles: id, name, description, created_at
folders.json          every folder, the trash's too: id, parent_id (null: the root folder), name,
                      description, created_by, created_at, modified_at, deleted_at (set: in the trash)
permissions.json      the permissions set on folders and documents (their ACL entries): id, folder_id
                      or document_id (the item), subject_type (org, role or user) and subject_id (the
                      organisation's, a role's or a user's id), is_grant (true: granted, false: revoked),
                      permissions (Read, Write, Delete, Edit Permissions, Create Documents, Create Folders)
share-links.json      the checklists' share links: id, document_id, name, created_by, created_at,
                      expires_at, revoked_at (the link itself is a key to the checklist: not exported)
invitations.json      the invitations not yet answered: id, email, role_ids (the roles given on
                      joining), invited_by, created_at, expiry
api-tokens.json       the members' personal API tokens in this organisation: id, user_id, name, scope
                      (read or read-write), created_at, expires_at, last_used_at, revoked_at,
                      revoked_by (the tokens themselves are keys: not exported)
documents/{id}/       one folder per document (presentation, checklist, result sheet or report), the
                      trash's too:
  document.json       the document: id, folder_id, name, description, doctype (form: a checklist,
                      sheet: a result sheet, report, presentation), its latest published version
                      number and contents (a result sheet's or report's: its definition, the
                      checklists, columns and links it is made of), the draft not yet published
                      (draft_contents), who and when
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
assignments.json      the assignments: id, kind (document, folder, correction), folder_id or
                      document_id, submission_id (a correction's), assigned_to_type (org, role, user,
                      share_link) and assigned_to_id, notes, status (open, claimed, completed, missed),
                      due_at, schedule_id and opens_at (a schedule's occurrence), missed_at, context,
                      assigned_by, assigned_at, claimed_by, claimed_at, completed_by, completed_at,
                      completed_submission_id
schedules.json        the schedules of recurring checks: id, document_id, assigned_to_type and
                      assigned_to_id, rrule (RFC 5545) in timezone, window_minutes, starts_at, ends_at,
                      notes, one_for_all, allow_late, next_due_at, created_by, created_at, modified_at
webhooks.json         the webhooks: id, url, events, folder_id (null: the whole organisation), enabled,
                      disabled_at, failing_since, created_by, created_at, updated_at (their signing
                      secrets are keys: not exported)
webhook-deliveries.json  every webhook's delivery log, each attempt oldest first: id, endpoint_id,
                      delivery_id, event_type, delivery_status (pending, delivered, failed), at,
                      duration_ms, status_code, ok, error, response_head (the answer's first KB)
activity.json         the activity log, oldest first: id, type, at, actor_id, actor_username, folder_id,
                      document_id, context (what the log shows: names, versions, ...)
`;
}
