/** The one HTTP transport: see transport.ts. */
export { ApiError } from './api-error.ts';
export { NETWORK_PROBLEM, problemText, SOMETHING_WENT_WRONG } from './problem-text.ts';
export { newIdempotencyKey } from './idempotency-key.ts';
export { sendSignedUpload } from './signed-upload.ts';
export { EventStreamParser, type ServerSentEvent } from './event-stream.ts';
export { answersWithoutCors } from './cors-probe.ts';
export { addressOf, createTransport, type CallOptions, type Transport } from './transport.ts';
