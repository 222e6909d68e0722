/** QR label sheets' answers (shared/api/qr-labels.ts, presenters/qr-labels.ts) as zod, for the OpenAPI document (issue #34). Server only. */
import { z } from 'zod';
import { doctype, id, itemKind, pathStep, time } from './documentation.ts';

export const qrSheetItemsAnswer = z.object({
  folder: z.object({ id, name: z.string(), path: z.array(pathStep), root_id: id.nullable() }),
  items: z.array(
    z.object({
      id,
      kind: itemKind,
      doctype: doctype.nullable(),
      name: z.string(),
      path: z.string().meta({ description: "The folders above it as the label prints them: 'Documentation › Plant A'" }),
      url: z.string(),
      share_links: z
        .array(z.object({ id, name: z.string(), expires_at: time.nullable() }))
        .nullable()
        .meta({ description: "A checklist's live share links, for a caller who may share it; else null" }),
    }),
  ),
  total: z.int().min(0),
  limit: z.int().min(1),
}).meta({ id: 'QrSheetItems' });
