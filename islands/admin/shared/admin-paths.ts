/** The admin area's page addresses (src/routes.ts), built in one place for the admin islands. */
const seg = encodeURIComponent;

export const rolesPath = '/admin/roles';
export const rolePath = (id: string): string => `/admin/roles/${seg(id)}`;
export const usersPath = '/admin/users';
export const userPath = (id: string): string => `/admin/users/${seg(id)}`;
export const webhooksPath = '/admin/webhooks';
export const webhookPath = (id: string): string => `/admin/webhooks/${seg(id)}`;
