import path from 'node:path';

/** The tools' package folder, the same whether running from src/ (tests) or dist/src/. */
export const TOOLS_ROOT = path.dirname(require.resolve('@segmentia/tools/package.json'));
/** The repository: tools/ sits at its top. */
export const REPO_ROOT = path.dirname(TOOLS_ROOT);
/** The API's package folder. */
export const API_ROOT = path.dirname(require.resolve('@segmentia/api/package.json'));
