/** Reads the documentation tests share (their data comes from ../support/factories.ts). */
import { expect } from 'vitest';
import type { TestUser } from '../support/factories.ts';

/** The id of the current organisation's root folder. */
export async function rootId(user: TestUser): Promise<string> {
  const res = await user.api.get('documentation/folders/root');
  expect(res.status, res.text).toBe(200);
  return res.body.id as string;
}
