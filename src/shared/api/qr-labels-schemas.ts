/**
 * The query of `GET documentation/folders/{id}/qr-sheet.pdf` (zod, server side; the browser imports
 * `./qr-labels.ts`): `layout` (default the first), `subtree` true or false (default false), `share_links`
 * repeated or comma-separated share link ids.
 */
import { z } from 'zod';
import { isUuid } from '../ids.ts';
import { everyOf, lastOf } from './query-params.ts';
import { QR_LABEL_LAYOUTS, QR_SHEET_MAX_LABELS } from './qr-labels.ts';

const BOOLEANS: Record<string, boolean> = { true: true, '1': true, false: false, '0': false };

export const qrSheetQuery = z.object({
  layout: lastOf(z.enum(QR_LABEL_LAYOUTS, { error: `layout must be one of ${QR_LABEL_LAYOUTS.join(', ')}` })).default(QR_LABEL_LAYOUTS[0]),
  subtree: lastOf(
    z
      .string()
      .refine((s) => s.toLowerCase() in BOOLEANS, 'subtree must be true or false')
      .transform((s) => BOOLEANS[s.toLowerCase()]!),
  ).default(false),
  share_links: z.preprocess(
    everyOf,
    z
      .array(z.string().refine(isUuid, 'share_links must be share link ids'))
      .max(QR_SHEET_MAX_LABELS, `share_links must name at most ${QR_SHEET_MAX_LABELS} links`)
      .transform((ids) => [...new Set(ids)]),
  ),
});
export type QrSheetQueryParsed = z.output<typeof qrSheetQuery>;
