/**
 * The catalog's cache rules, without dependencies: the seed (a script) and the
 * API's listener (catalog-changes.ts) both read them.
 */

/** The channel the seed notifies (`pg_notify`) when it changed the catalog. */
export const CATALOG_CHANNEL = 'segmentia_catalog';
/** How long a catalog answer may be kept: by this process, by nginx, by a CDN or a browser (Cache-Control max-age). */
export const CATALOG_MAX_AGE_SECONDS = 60;
