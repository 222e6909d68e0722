/**
 * THE address /api/docs reads the OpenAPI document from: Scalar is given it (./api-docs.ts) and the page's
 * HTML preloads it (src/pages/api/docs.astro), so the two must be the same string.
 */
import * as paths from '../../shared/api/paths.ts';

const API_BASE: string = import.meta.env.PUBLIC_API_BASE ?? '/api/v1';

export const openApiAddress = `${API_BASE.replace(/\/+$/, '')}/${paths.openApi}`;
