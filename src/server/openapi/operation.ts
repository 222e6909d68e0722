/**
 * THE description of one API call for the OpenAPI document (issue #34): put `operation({...})` between a route's
 * path and its handler. It names what only the route knows — its summary, the same zod schemas its handler
 * validates (`body`, `query`), its answers and its own errors. What the call shares with its neighbours is added
 * by the document (openapi/document.ts): the sign-in's credentials and errors (from api.ts ACCESS), a body's
 * 400/413/422 and a query's 422, the RFC 9457 problem of every error and the headers every answer carries.
 */
import { describeRoute } from 'hono-openapi';
import type { z } from 'zod';

/** A status a call itself may answer with a problem (a sign-in's and a body's are added by the document). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 406 | 409 | 410 | 413 | 416 | 422 | 429 | 503;

/** A success: its JSON schema, `null` for no body, or another media type (files, CSV, PDF, event streams). */
export type Answer = z.ZodType | null | { media: string; description?: string };

export interface Operation {
  /** The call in a few words, in the product's terms (the docs' heading of the call). */
  summary: string;
  /**
   * The operation's id when the one made from the method and path would not do (it must be unique: `POST users`
   * and `POST users/` differ only by the slash).
   */
  operationId?: string;
  description?: string;
  /** The area the call belongs to (the docs' group). */
  tag: string;
  /** The JSON body: the very schema the handler gives `jsonBody` / `formBody`. */
  body?: z.ZodType;
  /** The body's media types when not only JSON (sign-in also takes a form). */
  bodyMedia?: readonly string[];
  /** The body may be left out (an empty body is the schema's defaults). */
  bodyOptional?: boolean;
  /** The query: the very schema the handler gives `queryOf`. */
  query?: z.ZodType;
  /**
   * The path's parameters when more than a string can be said (`:kind` is one of a few words): a z.object by
   * name. Without it every `{name}` of the path is a required string.
   */
  params?: z.ZodObject;
  /** Success status → what it answers. */
  answers: Partial<Record<200 | 201 | 202 | 204 | 206 | 302 | 304, Answer>>;
  /** The errors the call itself answers (404 for ids of other organisations, 409, …). */
  errors?: readonly ErrorStatus[];
}

/** Marks the operation's object so the document can find what describeRoute cannot carry (body, query, errors). */
export const OPERATION = 'x-ringbinder-operation';

/** The words of each success status (the document's description of an answer). */
export const DESCRIPTIONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  206: 'Partial content (a Range asked for)',
  302: 'Found (a redirect)',
  304: 'Not modified (ETag)',
};

export function operation(op: Operation) {
  return describeRoute({
    summary: op.summary,
    ...(op.operationId ? { operationId: op.operationId } : {}),
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    // The answers' schemas are made into the document's components by document.ts, with the bodies'.
    ...({
      [OPERATION]: {
        answers: op.answers,
        body: op.body,
        bodyMedia: op.bodyMedia,
        bodyOptional: op.bodyOptional,
        query: op.query,
        params: op.params,
        errors: op.errors ?? [],
      },
    } as object),
  });
}

/** Marks a share token's answer at a member's address (routes/shared-checklist.ts), for the document to join. */
export const SHARE_OPERATION = 'x-ringbinder-share';

/** What a share token gets at an address that also answers members: its own answers (where they differ) and errors. */
export interface ShareOperation {
  /** A sentence for the call's description: what a share token may do here. */
  description: string;
  /** Success status → what a share token gets, where it differs from a member's answer. */
  answers?: Partial<Record<200 | 201 | 304, Answer>>;
  /** The errors a share token meets here beyond the member's (the link's 402 and 403, 429, …). */
  errors?: readonly ErrorStatus[];
}

/**
 * Put between a route of routes/shared-checklist.ts and its handler: the document shows the address once,
 * with both credentials (a signed-in member's and a share token's), the member's operation joined with this.
 */
export function shareOperation(share: ShareOperation) {
  return describeRoute({ [SHARE_OPERATION]: share } as never);
}
