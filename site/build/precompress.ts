import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

const compress = promisify(brotliCompress);

/** Text the site publishes; under 1 KB, compression gains nothing. */
const COMPRESSIBLE = /\.(?:html|js|css|json|svg|xml|txt)$/;
const SMALLEST = 1024;

/**
 * Writes `<file>.br` beside every text file of the built site, at brotli's highest quality (11), once at build time:
 * a static host serves it as it is (npm start's site server; nginx's brotli_static). On the fly, a server compresses
 * at 4 or 5 to answer quickly; at 11 a page is smaller, which keeps a page's answer within the first round trip of a
 * new connection (TCP's initial window), as Lighthouse's phone model counts it (docs/benchmarks.md). Answers how many
 * files it wrote.
 */
export async function precompressIn(publicDir: string): Promise<number> {
  const entries = await readdir(publicDir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  let written = 0;
  for (const file of files) {
    const content = await readFile(file);
    if (content.length < SMALLEST) continue;
    const compressed = await compress(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    if (compressed.length >= content.length) continue;
    await writeFile(`${file}.br`, compressed);
    written++;
  }
  return written;
}
