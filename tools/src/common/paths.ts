import path from 'node:path';

/** The repository: tools/ sits at its top, whether running from src/ (tests) or dist/src/. */
export const REPO_ROOT = path.resolve(__dirname, __dirname.includes(`${path.sep}dist${path.sep}`) ? '../../..' : '../..');
/** The API's package folder. */
export const API_ROOT = path.dirname(require.resolve('@segmentia/api/package.json'));
