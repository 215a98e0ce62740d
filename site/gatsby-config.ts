import type { GatsbyConfig } from 'gatsby';
import { SITE_URL } from './src/config/site';
import { DEFAULT_LOCALE, LOCALE_CODES } from '@segmentia/contracts/locales';

const config: GatsbyConfig = {
  siteMetadata: { siteUrl: SITE_URL },
  trailingSlash: 'always',
  graphqlTypegen: false,
  plugins: [
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'locale', path: `${__dirname}/locales` },
    },
    {
      resolve: 'gatsby-plugin-react-i18next',
      options: {
        localeJsonSourceName: 'locale',
        languages: LOCALE_CODES,
        defaultLanguage: DEFAULT_LOCALE,
        siteUrl: SITE_URL,
        trailingSlash: 'always',
        // Its redirect sends every non-Spanish browser (crawlers too) away from
        // `/`; features/i18n/language-redirect.ts sends only a visit that enters at `/`, and never a crawler.
        redirect: false,
        i18nextOptions: {
          interpolation: { escapeValue: false },
          keySeparator: '.',
          nsSeparator: ':',
          returnObjects: true,
        },
      },
    },
    {
      resolve: 'gatsby-plugin-sitemap',
      options: {
        // The index of every language; build/sitemaps.ts writes /sitemap.xml and /{lang}/sitemap.xml.
        // No 404s, nothing of the staff (noindex pages, disallowed in robots.txt), not the page a personal link opens (noindex).
        excludes: ['/**/404/', '/**/404.html', '/dev-404-page/', '/**/staff/', '/**/privacy-center/my-data/'],
        // Search engines find the sitemaps in robots.txt; `<link rel="sitemap">` is no relation they read.
        createLinkInHead: false,
      },
    },
  ],
};

export default config;
