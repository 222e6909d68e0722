/** The texts every document editor shares. The spec's own words (documentation §4, §8) are used exactly; the rest are ours. */
export const messages = {
  // documentation §4, §8
  publishSuccessful: 'Publish Successful!',
  publishFailed: 'Publish failed, something went wrong.',
  saveFailed: 'Your document could not be saved at this time, please try again, or contact support.',
  uploadFailed: 'Upload failed, something went wrong.',
  // ours
  discarded: 'Your changes were discarded.',
  conflict: (detail: string) => `Someone else published this document while you were editing. ${detail}`,
  leaveWithDraft: 'You have unpublished changes. Leave this page? Your draft is kept and you can publish it later.',
  leaveUnsaved: 'You have changes that are not saved yet. Leave this page and lose them?',
} as const;
