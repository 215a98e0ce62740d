import { useTranslation } from 'gatsby-plugin-react-i18next';
import React, { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocale } from '../../features/i18n/use-locale';
import { MAP_HEIGHT, MAP_WIDTH } from '../../features/geo/map-size';
import type { CountryData, MapAreaData } from './types';
import * as styles from './CoverageMap.module.css';
import * as picture from './CoverageMapPicture.module.css';

/** The map's box: the picture, and over it, once the page's scripts run, the country links. */
const MAP_ID = 'coverage-map';

/**
 * The covered countries, drawn at build time into /coverage-map.svg (gatsby-node). The picture is the background of a
 * box that keeps its proportions: the stylesheet that draws it comes after the first paint
 * (CoverageMapPicture.module.css, site/build/page-stylesheets.ts), so the map is neither requested nor decoded
 * while the first screen is painted (an `<img>`, even lazy, was: it lies within the browser's lazy-loading distance).
 * Named as an image; without scripts, the stylesheet comes with the page.
 */
export function CoverageMap({ label }: { label: string }) {
  return (
    <div id={MAP_ID} className={styles.wrap}>
      <div className={picture.map} style={{ aspectRatio: `${MAP_WIDTH} / ${MAP_HEIGHT}` }} role="img" aria-label={label} />
    </div>
  );
}

/**
 * Over the map, one link per covered country, a few points each, that opens
 * the explorer on it: focusable, named in the page's language, taken in place
 * by the explorer. They come with the page's scripts, not in its document:
 * the explorer they open needs the scripts too, and 27 links are 0.9 KB of the
 * home document (brotli), the difference between one round trip and two. Drawn
 * into the map's box (a portal into the served section, which React leaves as
 * it is), in the image's own coordinates: nothing moves.
 */
export function CountryLinks({ areas, countries }: { areas: MapAreaData[]; countries: CountryData[] }) {
  const { t } = useTranslation('home');
  // The home page of the language, where the explorer is.
  const homePath = useLocale().path('/');
  const [box, setBox] = useState<HTMLElement | null>(null);
  useEffect(() => setBox(document.getElementById(MAP_ID)), [homePath]);
  if (!box) return null;
  const names = new Map(countries.map((country) => [country.code, country.name]));
  return createPortal(
    <svg className={styles.areas} viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} role="group" aria-label={t('geo.mapPick')}>
      {areas.map((area) => (
        <a key={area.code} href={`${homePath}?country=${area.code}#explorer`}>
          {/* The link's name, and the tooltip a pointer sees. */}
          <title>{t('geo.mapCountry', { country: names.get(area.code) ?? area.code })}</title>
          <polygon points={area.points} />
        </a>
      ))}
    </svg>,
    box,
  );
}
