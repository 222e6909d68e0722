/** Result sheets' answers (shared/api/sheets.ts, presenters/sheets.ts) as zod, for the OpenAPI document (issue #34). Server only. */
import { z } from 'zod';
import { recordedAnswer } from './checklists.ts';
import { time } from './documentation.ts';

export const sheetRowAnswer = z.object({
  created_at: time,
  created_by_username: z.string().nullable(),
  record: z.record(z.string(), recordedAnswer).meta({ description: 'Answers by question id (the sheet’s columns)' }),
  submissions: z.record(z.string(), z.string()).meta({ description: 'Checklist id → the row id it gave this row' }),
}).meta({ id: 'SheetRow' });
