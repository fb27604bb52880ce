/**
 * 1 GiB: the default size limit of one uploaded document, the UPLOAD_MAX_BYTES setting's default
 * (app/env.server.ts) and what the quote form checks before it sends a file. Browser-safe.
 */
export const DEFAULT_UPLOAD_MAX_BYTES = 1024 ** 3;
