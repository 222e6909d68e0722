/**
 * Result sheets and reports (issue #13): `documentation/documents/{id}/sheet-data` (the joined rows),
 * `documentation/documents/{id}/export.csv` and `documentation/documents/documentdata/{row_id}/export.pdf`.
 * Mounted at /documentation BEFORE the documentation area (src/server/api.ts), each route with its own
 * authenticate + requireMember (the area's `use('*')` never runs for these paths), like informed.ts.
 *
 * Downloads carry the bearer token like every call: the app reads them through its transport as a Blob
 * (src/client/api.ts `sheetCsv`, `rowPdf`) and saves that; no address works without the token.
 */
import { Hono, type Context } from 'hono';
import { sheetDataQuery, sheetExportQuery } from '../../shared/api/sheets-schemas.ts';
import { authenticate } from '../auth/authenticate.ts';
import { requireMember } from '../auth/membership.ts';
import type { MemberEnv } from '../env.ts';
import { queryOf } from '../http/query.ts';
import { rowPdf, sheetCsv, type ExportFile } from '../services/sheets/exports.ts';
import { sheetData } from '../services/sheets/rows.ts';

export const sheetsApi = new Hono<MemberEnv>();

/** `attachment; filename="…"; filename*=UTF-8''…` (an ASCII fallback and the name itself). */
function disposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A streamed file: not compressed in one piece by the app (no-transform), so it never sits whole in memory. */
function sendFile(c: Context<MemberEnv>, file: ExportFile): Response {
  c.header('Content-Type', file.contentType);
  c.header('Content-Disposition', disposition(file.fileName));
  c.header('Cache-Control', 'no-store, no-transform');
  c.header('X-Content-Type-Options', 'nosniff');
  return c.body(file.body);
}

sheetsApi.get('/documents/:id/sheet-data', authenticate, requireMember, async (c) => {
  const query = queryOf(c, sheetDataQuery);
  return c.json(await sheetData(c.var.deps, c.var.member, c.req.param('id'), query));
});

sheetsApi.get('/documents/:id/export.csv', authenticate, requireMember, async (c) => {
  const query = queryOf(c, sheetExportQuery);
  return sendFile(c, await sheetCsv(c.var.deps, c.var.member, c.req.param('id'), query));
});

sheetsApi.get('/documents/documentdata/:id/export.pdf', authenticate, requireMember, async (c) => {
  return sendFile(c, await rowPdf(c.var.deps, c.var.member, c.req.param('id')));
});
