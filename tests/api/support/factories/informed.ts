/**
 * Factories: activity events inserted directly, and assignments. Part of THE test-data module
 * (../factories.ts), which re-exports it.
 */
import { expect } from 'vitest';
import * as paths from '../../../../src/shared/api/paths.ts';
import { uuidv7 } from '../../../../src/shared/ids.ts';
import { activityEvents } from '../../../../src/server/db/schema.ts';
import type { TestServer } from '../harness.ts';
import type { Json } from '../http.ts';
import type { TestUser } from './accounts.ts';

// ─── Activity events ──────────────────────────────────────────────────────────────────────────────

export interface EventInput {
  type: string;
  actorId: string | null;
  at: Date;
  folderId?: string | null;
  documentId?: string | null;
  context?: Record<string, unknown>;
}

/**
 * Activity events inserted directly (1,000 rows a statement), for logs longer than a test can make
 * through the API, or events of areas that record them elsewhere. Returns their ids in the given order.
 */
export async function insertEvents(server: TestServer, orgId: string, events: EventInput[]): Promise<string[]> {
  const rows = events.map((e) => ({
    id: uuidv7(e.at.getTime()),
    orgId,
    type: e.type,
    actorId: e.actorId,
    at: e.at,
    folderId: e.folderId ?? null,
    documentId: e.documentId ?? null,
    context: e.context ?? {},
  }));
  for (let i = 0; i < rows.length; i += 1000) await server.db.insert(activityEvents).values(rows.slice(i, i + 1000));
  return rows.map((r) => r.id);
}
// ─── Assignments (issue #12) ──────────────────────────────────────────────────────────────────────

/** POST workflow/assignments/{kind} as `user`; expects 201 and answers the assignment. */
export async function assign(
  user: TestUser,
  kind: 'document' | 'folder',
  objectId: string,
  assignedTo: { type: 'org' | 'role' | 'user'; id: string },
  notes?: string,
): Promise<Json> {
  const res = await user.api.post(paths.workflow.assign(kind), { assigned_to: assignedTo, object_id: objectId, ...(notes === undefined ? {} : { notes }) });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The ids of the open assignments GET workflow/assignments lists for `user`. */
export async function myAssignmentIds(user: TestUser): Promise<string[]> {
  const res = await user.api.get(paths.workflow.assignments);
  expect(res.status, res.text).toBe(200);
  return (res.body.results as { id: string }[]).map((a) => a.id);
}
