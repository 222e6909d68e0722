/** The one HTTP transport: see transport.ts. */
export { ApiError, detailOf } from './api-error.ts';
export { NETWORK_PROBLEM, problemText, SOMETHING_WENT_WRONG } from './problem-text.ts';
export { newIdempotencyKey } from './idempotency-key.ts';
export { sendSignedUpload, type SignedTarget } from './signed-upload.ts';
export { EventStreamParser, type ServerSentEvent } from './event-stream.ts';
export { answersWithoutCors } from './cors-probe.ts';
export { addressOf, createTransport, type CallOptions, type EventsOptions, type Query, type Transport, type TransportOptions } from './transport.ts';
