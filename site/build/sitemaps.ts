import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SitemapStream, streamToPromise } from 'sitemap';
import { DEFAULT_LOCALE, LOCALES, localizedPath } from '@segmentia/contracts/locales';

export interface BuiltPage {
  path: string;
  pageContext: { i18n?: { language: string; originalPath: string } };
}

/** Pages a search engine should know: no 404s, nothing of the staff, not the page a personal link opens (noindex). */
const indexable = (page: BuiltPage) =>
  page.pageContext.i18n && !/\/404(\.html)?\/?$|^\/dev-404-page|\/staff\/|\/privacy-center\/my-data\//.test(page.path);

/**
 * Writes `/sitemap.xml` (Spanish) and `/{lang}/sitemap.xml`, each listing that
 * language's pages with their alternates in every language and x-default
 * (gatsby-plugin-sitemap only writes an index of all of them), and robots.txt.
 */
export async function writeSitemaps(publicDir: string, siteUrl: string, pages: BuiltPage[]): Promise<void> {
  const originals = [...new Set(pages.filter(indexable).map((page) => page.pageContext.i18n!.originalPath))].sort();
  const absolute = (code: string, original: string) => `${siteUrl}${localizedPath(code, original)}`;
  for (const { code } of LOCALES) {
    const stream = new SitemapStream({ hostname: siteUrl, xmlns: { news: false, video: false, image: false, xhtml: true } });
    for (const original of originals) {
      stream.write({
        url: absolute(code, original),
        changefreq: original === '/' ? 'weekly' : 'yearly',
        priority: original === '/' ? 1 : 0.3,
        links: [
          ...LOCALES.map((alternate) => ({ lang: alternate.tag, hreflang: alternate.tag, url: absolute(alternate.code, original) })),
          { lang: 'x-default', hreflang: 'x-default', url: absolute(DEFAULT_LOCALE, original) },
        ],
      });
    }
    stream.end();
    const file = path.join(publicDir, localizedPath(code, '/sitemap.xml'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, (await streamToPromise(stream)).toString());
  }
  const sitemapLines = LOCALES.map(({ code }) => `Sitemap: ${siteUrl}${localizedPath(code, '/sitemap.xml')}`);
  const staffLines = LOCALES.map(({ code }) => `Disallow: ${localizedPath(code, '/staff/')}`);
  await writeFile(path.join(publicDir, 'robots.txt'), ['User-agent: *', ...staffLines, '', ...sitemapLines, ''].join('\n'));
}
