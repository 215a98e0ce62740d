import { readFile, writeFile } from 'node:fs/promises';
import { htmlFiles } from './built-pages';

/**
 * React 18's streaming renderer (react-dom 18.3.1, which Gatsby 5 renders
 * pages with) encodes text into 2 KB views; when a multi-byte character does
 * not fit in the bytes a view has left, it writes the whole view, its unused
 * bytes (zeros) included, and the character at the start of the next one
 * (`writeStringChunk`; React 19 writes `subarray(0, writtenBytes)`). A page
 * then holds NUL characters the text never had, wherever a view happens to
 * end, which the Nu Html Checker refuses. HTML never holds a NUL of its own,
 * so removing them gives back the exact document.
 */
export const removeStreamPadding = (html: string) => html.replaceAll('\u0000', '');

/**
 * Removes the padding from every page of the build; resolves how many pages had some. It expects nothing of a page:
 * where a view ends depends on the text, so most pages have none.
 */
export async function removeStreamPaddingIn(publicDir: string): Promise<number> {
  let mended = 0;
  for (const file of htmlFiles(publicDir)) {
    const html = await readFile(file, 'utf8');
    if (!html.includes('\u0000')) continue;
    await writeFile(file, removeStreamPadding(html));
    mended++;
  }
  return mended;
}
