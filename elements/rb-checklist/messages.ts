/**
 * The filler's words (documentation §4 "Form fill": 'Answers Successfully Submitted.', 'Something went
 * wrong with your submission.'), apart from the element so the modules that choose between them
 * (share-refusal.ts) and the pages that repeat one (the checklist viewer's alert) need not load it.
 */
export const SUBMITTED = 'Answers Successfully Submitted.';
export const SUBMIT_FAILED = 'Something went wrong with your submission.';
export const QUEUED = 'Saved on this device: the answers will be sent when the network returns.';
/** The server is busy (429, issue #43): the answers wait on the device until the time it gave. */
export const queuedUntil = (time: string): string => `Saved on this device: the server is busy; the answers will be sent at ${time}.`;
export const QUEUED_UNTIL_SIGN_IN = 'Saved on this device: the answers will be sent after you sign in again.';
export const LOAD_FAILED = 'Something went wrong when retrieving your checklist.';
export const NO_QUESTIONS = 'No Questions Found In Checklist';
/** The button that clears a submitted checklist for another round (not on kiosks: they are ready at once). */
export const FILL_AGAIN = 'Fill In Again';
