import type { LocaleCode } from '../i18n/locales';
import type { CsvSeparator } from './generated';

/** Spreadsheets read a comma in English, a semicolon in Spanish, German, Italian and French. */
export const csvSeparatorFor = (code: LocaleCode): CsvSeparator => (code === 'en' ? 'COMMA' : 'SEMICOLON');

/** `segmentia-leads-2026-11-22.csv`, by the local date. */
export function csvFileName(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `segmentia-leads-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Hands the API's CSV (byte order mark included) to the browser as a download. */
export function saveCsv(text: string, now: Date): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: csvFileName(now) });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file; at once, some browsers lose it.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
