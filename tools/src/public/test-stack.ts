/** What the browser tests and the site's benchmark use: the whole product started for a run, its addresses, Lighthouse. */
export { API_URL, FIREBASE_WEB_CONFIG, LEAD_RETENTION_MONTHS, REPO_ROOT, SITE_URL, startStack } from '../dev/test-stack';
export { CHROMIUM_ARGS, CHROMIUM_PATH, ensureBrowser } from '../dev/test-services';
export { serveSite } from '../dev/site-server';
export { loadToolsConfig } from '../common/config';
export { importOnDemand } from '../common/on-demand';
export { ensureCommands } from '../common/debian-packages';
