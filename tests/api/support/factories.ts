/**
 * Factories: THE module that builds test data for the API suite. People, organisations and invitations
 * made through the API the way a user makes them (register → activation mail → activate; create-org; POST
 * users → invitation mail → accept; POST roles); folders, documents, ACLs and a team; checklists with
 * questions and uploaded files; and rows inserted directly where a test needs many of them quickly.
 * Support files beside the tests keep only HTTP plumbing and assertions. One file per area under factories/.
 */
export * from './factories/accounts.ts';
export * from './factories/documentation.ts';
export * from './factories/checklists.ts';
export * from './factories/informed.ts';
