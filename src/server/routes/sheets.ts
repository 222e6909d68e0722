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
import { listOf } from '../openapi/answers/list.ts';
import { sheetRowAnswer } from '../openapi/answers/sheets.ts';
import { operation } from '../openapi/operation.ts';
import { sendFile } from '../http/file-download.ts';
import { queryOf } from '../http/query.ts';
import { rowPdf, sheetCsv } from '../services/sheets/exports.ts';
import { sheetData } from '../services/sheets/rows.ts';

export const sheetsApi = new Hono<MemberEnv>();

sheetsApi.get(
  '/documents/:id/sheet-data',
  operation({
    summary: 'Get a result sheet’s or report’s rows',
    description: 'Each root checklist submission joined down the sheet’s links, newest first, in the time window.',
    tag: 'Result sheets',
    query: sheetDataQuery,
    answers: { 200: listOf(sheetRowAnswer) },
    errors: [404],
  }),
  async (c) => {
    const query = queryOf(c, sheetDataQuery);
    return c.json(await sheetData(c.var.deps, c.var.member, c.req.param('id'), query));
  },
);

sheetsApi.get(
  '/documents/:id/export.csv',
  operation({
    summary: 'Export a result sheet’s rows as CSV',
    tag: 'Result sheets',
    query: sheetExportQuery,
    answers: { 200: { media: 'text/csv', description: 'The rows, one a line (a download)' } },
    errors: [404],
  }),
  async (c) => {
    const query = queryOf(c, sheetExportQuery);
    return sendFile(c, await sheetCsv(c.var.deps, c.var.member, c.req.param('id'), query));
  },
);

sheetsApi.get(
  '/documents/documentdata/:id/export.pdf',
  operation({
    summary: 'Export a submitted row as PDF',
    tag: 'Result sheets',
    answers: { 200: { media: 'application/pdf', description: 'The row’s answers (a download)' } },
    errors: [404],
  }),
  async (c) => {
    return sendFile(c, await rowPdf(c.var.deps, c.var.member, c.req.param('id')));
  },
);
