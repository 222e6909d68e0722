/**
 * GET workflow/first-steps (issue #32): the dashboard's first steps, derived from the organisation's data
 * (a folder below the root, a checklist, another member or an invitation, a QR label sheet made), for org
 * admins only; and the caller's bits at the root for everyone.
 */
import { describe, expect, it } from 'vitest';
import { ALL, ALL_BITS, invite, makeDocument, makeFolder, memberOf, newRegistration, orgWithAdmin } from '../support/factories.ts';
import { useTestServer } from '../support/harness.ts';

const server = useTestServer();

describe('GET workflow/first-steps', () => {
  it('ticks each step once the organisation’s data shows it, for an org admin', async () => {
    const { admin } = await orgWithAdmin(server);
    const first = await admin.api.get('workflow/first-steps');
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ root_permissions: ALL, steps: { folder: false, checklist: false, member: false, qr_labels: false } });

    const folder = await makeFolder(admin, 'root', 'Site A');
    await makeDocument(admin, 'root', 'presentation', 'Not a checklist');
    expect((await admin.api.get('workflow/first-steps')).body.steps).toEqual({ folder: true, checklist: false, member: false, qr_labels: false });

    await makeDocument(admin, folder.id as string, 'form', 'Gate check');
    await invite(server, admin, newRegistration().email);
    const pdf = await admin.api.get(`documentation/folders/${folder.id}/qr-sheet.pdf`);
    expect(pdf.status, pdf.text).toBe(200);
    expect((await admin.api.get('workflow/first-steps')).body.steps).toEqual({ folder: true, checklist: true, member: true, qr_labels: true });
  });

  it('a member gets no steps, and their bits at the root (every bit in a new organisation)', async () => {
    const { admin } = await orgWithAdmin(server);
    const member = await memberOf(server, admin);
    const res = await member.api.get('workflow/first-steps');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ root_permissions: ALL_BITS, steps: null });
    // Another organisation's steps are its own.
    const other = await orgWithAdmin(server);
    expect((await other.admin.api.get('workflow/first-steps')).body.steps).toEqual({ folder: false, checklist: false, member: false, qr_labels: false });
  });
});
