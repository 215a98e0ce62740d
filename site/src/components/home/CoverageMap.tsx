import React from 'react';
import { MAP_HEIGHT, MAP_WIDTH } from '../../features/geo/map-size';
import * as styles from './CoverageMap.module.css';

/** The covered countries, drawn at build time into /coverage-map.svg (gatsby-node). */
export function CoverageMap({ label }: { label: string }) {
  return <img className={styles.map} src="/coverage-map.svg" width={MAP_WIDTH} height={MAP_HEIGHT} alt={label} loading="lazy" decoding="async" />;
}
