import React from 'react';
import { MAP_HEIGHT, MAP_WIDTH } from '../../features/geo/map-size';
import type { CountryData, MapAreaData } from './types';
import * as styles from './CoverageMap.module.css';

interface Props {
  label: string;
  /** The links' group: "Pick a country on the map". */
  groupLabel: string;
  /** What the country links say: "Show the audiences of Germany". */
  pickLabel(country: string): string;
  areas: MapAreaData[];
  countries: CountryData[];
  /** The home page of the language, where the explorer is. */
  homePath: string;
}

/**
 * The covered countries, drawn at build time into /coverage-map.svg
 * (gatsby-node), and over it one link per country, a few points each, that
 * opens the explorer on it: focusable and named in the page's language, plain
 * links that work before (and without) JavaScript; the explorer, once
 * hydrated, takes the click in place. The same box as the image: no shift.
 */
export function CoverageMap({ label, groupLabel, pickLabel, areas, countries, homePath }: Props) {
  const names = new Map(countries.map((country) => [country.code, country.name]));
  return (
    <div className={styles.wrap}>
      <img
        className={styles.map}
        src="/coverage-map.svg"
        width={MAP_WIDTH}
        height={MAP_HEIGHT}
        alt={label}
        loading="lazy"
        decoding="async"
      />
      <svg className={styles.areas} viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} role="group" aria-label={groupLabel}>
        {areas.map((area) => (
          <a key={area.code} href={`${homePath}?country=${area.code}#explorer`}>
            {/* The link's name, and the tooltip a pointer sees. */}
            <title>{pickLabel(names.get(area.code) ?? area.code)}</title>
            <polygon points={area.points} />
          </a>
        ))}
      </svg>
    </div>
  );
}
