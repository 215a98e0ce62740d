/** The custom claim's value that makes an account sales staff, as `npm run staff -- grant` sets it. */
export const STAFF_ROLE = 'sales';

/**
 * The Firebase Auth emulator's project, for `npm start` without a Firebase project: a "demo-" id reaches no Google
 * service.
 */
export const DEMO_PROJECT_ID = 'demo-segmentia';
