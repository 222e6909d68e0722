/// <reference types="astro/client" />

interface ImportMetaEnv {
  /** Where the browser finds the API; default same origin /api/v1. */
  readonly PUBLIC_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
