/**
 * Result sheets and reports (issue #13): `documentation/documents/{id}/sheet-data` (the joined rows),
 * `documentation/documents/{id}/export.csv` and `documentation/documents/documentdata/{row_id}/export.pdf`.
 * Any member (api.ts ACCESS); the services decide what they may read.
 *
 * Downloads carry the bearer token like every call: the app reads them through its transport as a Blob
 * (src/client/api.ts `sheetCsv`, `rowPdf`) and saves that; no address works without the token.
 */
import { Hono } from 'hono';
import { sheetDataQuery, sheetExportQuery } from '../../shared/api/sheets-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { sendFile } from '../http/file-download.ts';
import { queryOf } from '../http/query.ts';
import { rowPdf, sheetCsv } from '../services/sheets/exports.ts';
import { sheetData } from '../services/sheets/rows.ts';

export const sheetsApi = new Hono<MemberEnv>();

sheetsApi.get('/documents/:id/sheet-data', async (c) => {
  const query = queryOf(c, sheetDataQuery);
  return c.json(await sheetData(c.var.deps, c.var.member, c.req.param('id'), query));
});

sheetsApi.get('/documents/:id/export.csv', async (c) => {
  const query = queryOf(c, sheetExportQuery);
  return sendFile(c, await sheetCsv(c.var.deps, c.var.member, c.req.param('id'), query));
});

sheetsApi.get('/documents/documentdata/:id/export.pdf', async (c) => {
  return sendFile(c, await rowPdf(c.var.deps, c.var.member, c.req.param('id')));
});
