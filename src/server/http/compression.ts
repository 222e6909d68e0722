/** Compression of answers (gzip, deflate or brotli as the client accepts), shared by the app and the bench's minimal route. */
import { compress } from 'hono/compress';
import type { MiddlewareHandler } from 'hono';

export const compression = (): MiddlewareHandler => compress();
