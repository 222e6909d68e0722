/** The role of the address /admin/roles/{id}. */
import { lastSegment } from '../../../src/client/navigation.ts';

export function roleIdFromAddress(path: string = location.pathname): string {
  return lastSegment(path);
}
