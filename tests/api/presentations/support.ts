/** Pages and shapes as an editor sends them (documentation §3), with the fields a test changes. */
import type { Page, Shape } from '../../../src/shared/presentations/model.ts';

export const shape = (changes: Record<string, unknown> = {}): Shape & Record<string, unknown> => ({
  id: 's1',
  x: 12.5,
  y: 40,
  width: 60,
  height: 30,
  rotation: 15,
  color: 'red',
  strokeWidth: 1,
  shape: 'rectangle',
  description: 'a crack in the wall',
  ...changes,
});

export const page = (pageID: string, changes: Record<string, unknown> = {}): Page & Record<string, unknown> => ({
  pageID,
  description: '# Front\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done',
  content_type: 'image/jpeg',
  media: '00000000-0000-7000-8000-000000000000',
  media_thumb: null,
  filename: 'front.jpg',
  size: 256,
  lastModified: 1_763_900_000_000,
  shapes: [],
  ...changes,
});
