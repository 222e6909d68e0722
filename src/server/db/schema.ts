/**
 * The database schema (Drizzle, PostgreSQL 15 features only: PGlite is 18, the server here is 15).
 * The tables live one file per area in ./schema/ (their shared column helpers in ./schema/columns.ts) and
 * are re-exported here: code imports them from this module, and drizzle-kit reads it — migrations are
 * generated from it with `npm run db:generate` into ./migrations.
 */
export * from './schema/accounts.ts';
export * from './schema/billing.ts';
export * from './schema/mail.ts';
export * from './schema/documentation.ts';
export * from './schema/activity.ts';
export * from './schema/checklists.ts';
export * from './schema/uploads.ts';
export * from './schema/sheets.ts';
export * from './schema/schedules.ts';
export * from './schema/informed.ts';
export * from './schema/webhooks.ts';
export * from './schema/idempotency.ts';
export * from './schema/sso.ts';
