/** The demo page's script (demo.html, built to demo.js): sample subjects and entries, and the rb-change detail. */
import type { AclSubject, ItemKind } from '../../src/shared/api/documentation.ts';
import type { RbPermissionEditor } from './rb-permission-editor.element.ts';

const ORG = '0190e1a0-0000-7000-8000-000000000001';
const MANAGERS = '0190e1a0-0000-7000-8000-000000000002';

const subjects: AclSubject[] = [
  { id: ORG, name: 'Acme Ltd', type: 'org' },
  { id: MANAGERS, name: 'Managers', type: 'role' },
  { id: '0190e1a0-0000-7000-8000-000000000003', name: 'Inspectors', type: 'role' },
  { id: '0190e1a0-0000-7000-8000-000000000004', name: 'alice', type: 'user' },
  { id: '0190e1a0-0000-7000-8000-000000000005', name: 'bob', type: 'user' },
];

const editor = document.querySelector<RbPermissionEditor>('rb-permission-editor')!;
const change = document.querySelector<HTMLElement>('#change')!;
const kind = document.querySelector<HTMLSelectElement>('#kind')!;
const readonly = document.querySelector<HTMLInputElement>('#readonly')!;

editor.subjects = subjects;
editor.entries = [{ subject: ORG, is_grant: true, permissions: 1 }];
editor.inherited = [
  { subject: ORG, subject_name: 'Acme Ltd', is_grant: true, permissions: 1 | 2, from_folder_id: 'root', from_folder_name: 'Acme Ltd' },
  { subject: MANAGERS, subject_name: 'Managers', is_grant: true, permissions: 63, from_folder_id: 'f1', from_folder_name: 'Audits' },
];

editor.addEventListener('rb-change', (event) => {
  change.textContent = JSON.stringify(event.detail, null, 2);
});
kind.addEventListener('change', () => {
  editor.itemKind = kind.value as ItemKind;
});
readonly.addEventListener('change', () => {
  editor.readonly = readonly.checked;
});
