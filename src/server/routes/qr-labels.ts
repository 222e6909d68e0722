/**
 * QR label sheets (issue #29): `documentation/folders/{id}/qr-sheet` (the labels a sheet would have) and
 * `documentation/folders/{id}/qr-sheet.pdf` (the sheet). Mounted inside the documentation area: every
 * call is a signed-in member's (api.ts ACCESS); the service decides what the caller may see (404 for a folder they may
 * not Read). The PDF is a download like the exports (http/file-download.ts).
 */
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { qrSheetQuery } from '../../shared/api/qr-labels-schemas.ts';
import type { MemberEnv } from '../env.ts';
import { qrSheetItemsAnswer } from '../openapi/answers/qr-labels.ts';
import { operation } from '../openapi/operation.ts';
import { sendFile } from '../http/file-download.ts';
import { queryOf } from '../http/query.ts';
import { qrSheetItems, qrSheetPdf } from '../services/documentation/qr-labels/qr-sheet.ts';

export const qrLabels = new Hono<MemberEnv>();

qrLabels.get(
  '/folders/:id/qr-sheet',
  operation({
    summary: 'List the labels of a folder’s QR label sheet',
    tag: 'QR labels',
    query: qrSheetQuery,
    answers: { 200: qrSheetItemsAnswer },
    errors: [404],
  }),
  async (c) => {
    const { subtree } = queryOf(c, qrSheetQuery);
    return c.json(await qrSheetItems(c.var.deps, c.var.member, c.req.param('id'), subtree));
  },
);

qrLabels.get(
  '/folders/:id/qr-sheet.pdf',
  operation({
    summary: 'Print a folder’s QR label sheet (PDF)',
    tag: 'QR labels',
    query: qrSheetQuery,
    answers: { 200: { media: 'application/pdf', description: 'The label sheet (a download)' } },
    errors: [404],
  }),
  async (c) => {
    const query = queryOf(c, qrSheetQuery);
    const pdf = await qrSheetPdf(c.var.deps, c.var.member, c.req.param('id'), query);
    return sendFile(c, { fileName: pdf.fileName, contentType: 'application/pdf', body: Readable.toWeb(pdf.body) as ReadableStream<Uint8Array> });
  },
);
