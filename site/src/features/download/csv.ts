import type { LocaleCode } from '@segmentia/contracts/locales';

/** Spreadsheets read a comma in English, a semicolon in Spanish, German, Italian and French. */
export const csvSeparatorFor = (code: LocaleCode) => (code === 'en' ? 'COMMA' : 'SEMICOLON') satisfies 'COMMA' | 'SEMICOLON';

/** `segmentia-leads-2026-11-22.csv`, `segmentia-audiences-de-2026-11-22.csv`: what it holds, by the local date. */
export function csvFileName(subject: string, now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `segmentia-${subject}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Hands a CSV (byte order mark included) to the browser as a download. */
export function saveCsv(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file; at once, some browsers lose it.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
