/**
 * `GET workflow/first-steps` (issue #32): what a new organisation's dashboard offers. Derived from the
 * organisation's data on the server, never remembered in the browser: a step is done once the thing
 * exists (a folder below the root, a checklist, a second member or an invitation sent, a QR label sheet
 * made for a folder).
 */
export interface FirstSteps {
  /** The caller's permission bits at the root (what the empty panels may offer to add). */
  root_permissions: number;
  /** For org admins: the first steps and whether each is done; null for everyone else. */
  steps: { folder: boolean; checklist: boolean; member: boolean; qr_labels: boolean } | null;
}

export type FirstStep = keyof NonNullable<FirstSteps['steps']>;
