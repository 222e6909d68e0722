/** Every role of the organisation for the users screens' choices, read 100 at a time (accounts §7: "roles limit … 100 on user pages"). */
import { allPages } from '../../../src/client/all-pages.ts';
import { api } from '../../../src/client/api.ts';
import type { Role } from '../../../src/shared/api/roles.ts';
import type { PageReadName } from '../../../src/shared/page-data.ts';

export const ROLES_PAGE = 100;

/** `pageRead`: the page's first read of them (its page data names the first page `roles`). */
export const allRoles = (pageRead?: PageReadName): Promise<Role[]> =>
  allPages((page) => api.roles.list(page, page.skip === 0 ? pageRead : undefined), { limit: ROLES_PAGE });
