/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, CR): OWASP's CSV injection advice. Their full-width
 * forms (＝＋－＠) too: spreadsheets in CJK locales read them as the ASCII ones.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A CSV cell's text, prefixed with an apostrophe when a spreadsheet would run it as a formula. Shared by the staff CSV and the explorer's.
 */
export const defusedCell = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);
