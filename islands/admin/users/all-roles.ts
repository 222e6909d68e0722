/** Every role of the organisation for the users screens' choices, read 100 at a time (accounts §7: "roles limit … 100 on user pages"). */
import { allPages } from '../../../src/client/all-pages.ts';
import { api } from '../../../src/client/api.ts';
import type { Role } from '../../../src/shared/api/roles.ts';

export const ROLES_PAGE = 100;

export const allRoles = (): Promise<Role[]> => allPages((page) => api.roles.list(page), { limit: ROLES_PAGE });
