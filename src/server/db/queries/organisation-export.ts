/**
 * An organisation's data to take away (GDPR Art. 20, services/organisation-export/): every table of it read
 * in pages by keyset — never OFFSET, never one statement over everything, never a transaction held open (on
 * PGlite that would stop every other request for the whole download). Each page starts after the last row
 * of the one before, along an index: members by (org_id, user_id), submissions by (org_id, document_id,
 * created_at, id), events by (org_id, at) with the ties on `at` by id, a webhook's delivery log by
 * (endpoint_id, at) with the ties by id. Time keys travel as PostgreSQL's own
 * text of the value (microseconds kept: a JavaScript Date would cut them and repeat or skip rows).
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../connection.ts';
import { fromJson, rows, toDate, toDateOrNull } from '../rows.ts';
import { authorName } from './share-links.ts';

/** Where the next page starts: after this row (undefined: from the first). */
export interface TimeKey {
  at: string;
  id: string;
}

export interface ExportedMember {
  id: string;
  username: string;
  full_name: string;
  email: string;
  is_org_admin: boolean;
  is_active: boolean;
  erased: boolean;
  joined_at: Date;
  roles: { id: string; name: string }[];
}

/** A page of the organisation's members with their roles in it, by user id. */
export async function memberPage(db: Queryable, orgId: string, after: string | undefined, limit: number): Promise<ExportedMember[]> {
  const found = await rows<Omit<ExportedMember, 'joined_at' | 'roles' | 'erased'> & { joined_at: unknown; erased_at: unknown; roles: unknown }>(
    db,
    sql`SELECT u.id, u.username, u.full_name, u.email, m.is_org_admin, m.is_active, m.created_at AS joined_at, u.erased_at,
               (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY lower(r.name)), '[]'::json)
                  FROM user_roles ur JOIN roles r ON r.id = ur.role_id AND r.org_id = m.org_id
                 WHERE ur.user_id = u.id) AS roles
          FROM memberships m JOIN users u ON u.id = m.user_id
         WHERE m.org_id = ${orgId}::uuid ${after === undefined ? sql`` : sql`AND m.user_id > ${after}::uuid`}
         ORDER BY m.user_id LIMIT ${limit}`,
  );
  return found.map(({ erased_at, joined_at, roles, ...r }) => ({
    ...r,
    erased: erased_at !== null,
    joined_at: toDate(joined_at),
    roles: fromJson(roles as ExportedMember['roles'] | string),
  }));
}

export interface ExportedSubmission {
  id: string;
  version: number;
  created_at: Date;
  created_by: string | null;
  created_by_username: string | null;
  share_link_id: string | null;
  validation_errors: number;
  record: Record<string, unknown>;
  key: TimeKey;
}

/** A page of a checklist's submissions, oldest first, with who made each (a username, or `share: {link}`). */
export async function submissionPage(
  db: Queryable,
  orgId: string,
  documentId: string,
  after: TimeKey | undefined,
  limit: number,
): Promise<ExportedSubmission[]> {
  const found = await rows<{
    id: string;
    version: number;
    created_at: unknown;
    at_key: string;
    created_by: string | null;
    created_by_username: string | null;
    share_link_id: string | null;
    validation_errors: number;
    record: unknown;
  }>(
    db,
    sql`SELECT s.id, s.version, s.created_at, s.created_at::text AS at_key, s.created_by, s.share_link_id, s.validation_errors, s.record,
               ${authorName(sql`u.username`, sql`sl.name`)} AS created_by_username
          FROM checklist_submissions s
          LEFT JOIN users u ON u.id = s.created_by
          LEFT JOIN share_links sl ON sl.id = s.share_link_id
         WHERE s.org_id = ${orgId}::uuid AND s.document_id = ${documentId}::uuid
               ${after === undefined ? sql`` : sql`AND (s.created_at, s.id) > (${after.at}::timestamptz, ${after.id}::uuid)`}
         ORDER BY s.created_at, s.id LIMIT ${limit}`,
  );
  return found.map(({ at_key, created_at, record, ...r }) => ({
    ...r,
    version: Number(r.version),
    validation_errors: Number(r.validation_errors),
    created_at: toDate(created_at),
    record: fromJson(record as Record<string, unknown> | string),
    key: { at: at_key, id: r.id },
  }));
}

export interface ExportedEvent {
  id: string;
  type: string;
  at: Date;
  actor_id: string | null;
  actor_username: string | null;
  folder_id: string | null;
  document_id: string | null;
  context: Record<string, unknown>;
  key: TimeKey;
}

/** A page of the organisation's activity log, oldest first, with the actor's username as it is now. */
export async function eventPageAfter(db: Queryable, orgId: string, after: TimeKey | undefined, limit: number): Promise<ExportedEvent[]> {
  const found = await rows<Omit<ExportedEvent, 'at' | 'key' | 'context'> & { at: unknown; at_key: string; context: unknown }>(
    db,
    sql`SELECT e.id, e.type, e.at, e.at::text AS at_key, e.actor_id, u.username AS actor_username, e.folder_id, e.document_id, e.context
          FROM activity_events e LEFT JOIN users u ON u.id = e.actor_id
         WHERE e.org_id = ${orgId}::uuid ${after === undefined ? sql`` : sql`AND (e.at, e.id) > (${after.at}::timestamptz, ${after.id}::uuid)`}
         ORDER BY e.at, e.id LIMIT ${limit}`,
  );
  return found.map(({ at_key, at, context, ...r }) => ({
    ...r,
    at: toDate(at),
    context: fromJson(context as Record<string, unknown> | string),
    key: { at: at_key, id: r.id },
  }));
}

export interface ExportedFolder {
  id: string;
  parent_id: string | null;
  name: string;
  description: string;
  created_by: string | null;
  created_at: Date;
  modified_at: Date;
  deleted_at: Date | null;
}

/** A page of the organisation's folders (the trash's too), by id. */
export async function folderPage(db: Queryable, orgId: string, after: string | undefined, limit: number): Promise<ExportedFolder[]> {
  const found = await rows<Omit<ExportedFolder, 'created_at' | 'modified_at' | 'deleted_at'> & Record<'created_at' | 'modified_at' | 'deleted_at', unknown>>(
    db,
    sql`SELECT f.id, f.parent_id, f.name, f.description, f.created_by, f.created_at, f.modified_at, f.deleted_at
          FROM folders f
         WHERE f.org_id = ${orgId}::uuid ${after === undefined ? sql`` : sql`AND f.id > ${after}::uuid`}
         ORDER BY f.id LIMIT ${limit}`,
  );
  return found.map((r) => ({ ...r, created_at: toDate(r.created_at), modified_at: toDate(r.modified_at), deleted_at: toDateOrNull(r.deleted_at) }));
}

export interface ExportedWebhookAttempt {
  id: string;
  endpoint_id: string;
  delivery_id: string;
  event_type: string;
  delivery_status: 'pending' | 'delivered' | 'failed';
  at: Date;
  duration_ms: number;
  status_code: number | null;
  ok: boolean;
  error: string | null;
  response_head: string;
  key: TimeKey;
}

/**
 * A page of one webhook endpoint's delivery log (every attempt, oldest first, as GET webhooks/{id}/deliveries
 * shows it), the endpoint only if it is the organisation's.
 */
export async function webhookAttemptPage(db: Queryable, orgId: string, endpointId: string, after: TimeKey | undefined, limit: number): Promise<ExportedWebhookAttempt[]> {
  const found = await rows<Omit<ExportedWebhookAttempt, 'at' | 'key' | 'delivery_status'> & { at: unknown; at_key: string; delivery_status: string }>(
    db,
    sql`SELECT a.id, a.endpoint_id, a.delivery_id, d.event_type, d.status AS delivery_status, a.at, a.at::text AS at_key,
               a.duration_ms, a.status_code, a.ok, a.error, a.response_head
          FROM webhook_attempts a
          JOIN webhook_endpoints e ON e.id = a.endpoint_id
          JOIN webhook_deliveries d ON d.id = a.delivery_id
         WHERE e.org_id = ${orgId}::uuid AND a.endpoint_id = ${endpointId}::uuid
               ${after === undefined ? sql`` : sql`AND (a.at, a.id) > (${after.at}::timestamptz, ${after.id}::uuid)`}
         ORDER BY a.at, a.id LIMIT ${limit}`,
  );
  return found.map(({ at_key, at, delivery_status, ...r }) => ({
    ...r,
    duration_ms: Number(r.duration_ms),
    status_code: r.status_code === null ? null : Number(r.status_code),
    delivery_status: delivery_status === 'delivered' || delivery_status === 'failed' ? delivery_status : 'pending',
    at: toDate(at),
    key: { at: at_key, id: r.id },
  }));
}
