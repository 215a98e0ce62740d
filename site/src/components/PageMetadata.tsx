import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';
import React from 'react';
import { BRAND, SITE_URL } from '../config/site';
import { COMPILED_IN } from '../config/build-settings';
import { DEFAULT_LOCALE, LOCALES, localeOf, localizedPath } from '@segmentia/contracts/locales';
import { OG_IMAGE } from '../features/seo/og-image-size';

interface Props {
  language: string;
  /** The page's path without language prefix, e.g. `/legal/`. */
  originalPath: string;
  title: string;
  description: string;
  /** Structured data for search engines (JSON-LD). */
  jsonLd?: object;
  /** The shared card's text alternative, in the page's language. */
  imageAlt?: string;
  noindex?: boolean;
}

/**
 * The text font, Inter, in its Latin subset: every letter of the five
 * languages' texts is in it (tests/e2e/loading.spec.ts reads every page and
 * every locale file). One face, so no `unicode-range`: it would only repeat
 * the file's own letters, and a letter outside them (in a name a visitor
 * types) is drawn in the system font either way. The face is declared on
 * every page, but used only under `html[data-font]` (features/loading/font.ts):
 * a visit's first page paints in the system font and fetches Inter after its
 * first paint. `font-display: optional`: a page that asks for it and has not
 * got it by the first paint keeps the system font: no swap, no layout shift.
 */
const FONT_FACE =
  `@font-face{font-family:'Inter Variable';font-style:normal;font-display:optional;font-weight:100 ` +
  `900;src:url(${interLatin}) format('woff2-variations')}`;

/** Everything in `<head>` of every page: language, title, description, canonical, alternates, sharing. */
export function PageMetadata({ language, originalPath, title, description, jsonLd, imageAlt, noindex }: Props) {
  const locale = localeOf(language);
  const url = (code: string) => `${SITE_URL}${localizedPath(code, originalPath)}`;
  return (
    <>
      <html lang={locale.tag} />
      <title>{title}</title>
      <meta name="description" content={description} />
      {noindex && <meta name="robots" content="noindex, nofollow" />}
      <link rel="canonical" href={url(locale.code)} />
      {/* A page kept out of search engines advertises no versions in other languages. */}
      {!noindex && (
        <>
          {LOCALES.map((alternate) => (
            <link key={alternate.code} rel="alternate" hrefLang={alternate.tag} href={url(alternate.code)} />
          ))}
          <link rel="alternate" hrefLang="x-default" href={url(DEFAULT_LOCALE)} />
        </>
      )}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={BRAND} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url(locale.code)} />
      <meta property="og:image" content={`${SITE_URL}${OG_IMAGE.path(locale.code)}`} />
      <meta property="og:image:width" content={String(OG_IMAGE.width)} />
      <meta property="og:image:height" content={String(OG_IMAGE.height)} />
      {imageAlt && <meta property="og:image:alt" content={imageAlt} />}
      <meta property="og:locale" content={locale.tag.replace('-', '_')} />
      {!noindex &&
        LOCALES.filter((other) => other.code !== locale.code).map((other) => (
          <meta key={other.code} property="og:locale:alternate" content={other.tag.replace('-', '_')} />
        ))}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="theme-color" content="#0B1B3F" />
      <style dangerouslySetInnerHTML={{ __html: FONT_FACE }} />
      {/* In the page (site/build/svg-data-url.ts); /favicon.svg stays for anything that asks for it. */}
      <link rel="icon" href={COMPILED_IN.GATSBY_FAVICON_URL ?? '/favicon.svg'} type="image/svg+xml" />
      <link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      {jsonLd && <script type="application/ld+json">{JSON.stringify(jsonLd)}</script>}
    </>
  );
}
