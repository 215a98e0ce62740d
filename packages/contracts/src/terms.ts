/**
 * The terms and privacy policy in force: the date they took effect (each
 * contact request records it; the legal pages show it as their last update),
 * and a SHA-256 of the legal texts of every language as they read on that
 * date. terms.spec.ts recomputes the hash: a legal text changed without a new
 * date fails it, and the failure prints the hash to record with the new date.
 */
export const TERMS_VERSION = '2026-11-29';
export const TERMS_TEXTS_SHA256 = '7f620b26b8d7d4805bf32a94e88e631a7f3d9e5493d6e4cfa4bff329db38fdf3';

/** What the hash covers: the privacy, cookies and legal pages, and the form's first-layer notice with its consent line. */
export const LEGAL_TEXTS = { pages: ['privacy', 'cookies', 'legal'], contactKeys: ['firstLayer', 'acceptTerms'] } as const;
