/**
 * What a document page offers, decided by THE action table (src/shared/permissions), as the folder
 * browser's menus are (islands/browse/offered-actions.ts): the View/Edit switch and the editor page need
 * `edit`. Tested for every bit mask (tests/unit/screens/documentation/document-actions.test.ts).
 */
import type { Document } from '../../shared/api/documentation.ts';
import { allows } from '../../shared/permissions/index.ts';

/** Whether the document may be edited: the Edit switch is offered, and the editor page stays open. */
export const canEdit = (doc: Pick<Document, 'user_permissions'>): boolean => allows(doc.user_permissions, 'edit');
