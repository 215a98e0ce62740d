import React, { memo } from 'react';
import type { MapData } from './types';
import * as styles from './CoverageMap.module.css';

/** The 27 covered countries on a map drawn at build time; `selected` is highlighted. */
export const CoverageMap = memo(function CoverageMap({ map, label, selected }: { map: MapData; label: string; selected?: string }) {
  return (
    <svg className={styles.map} viewBox={`0 0 ${map.width} ${map.height}`} role="img" aria-label={label}>
      {map.shapes.map((shape, index) => (
        <path
          key={shape.code || index}
          d={shape.d}
          className={shape.code === selected && selected ? styles.selected : shape.code ? styles.covered : styles.other}
          data-country={shape.code || undefined}
        />
      ))}
    </svg>
  );
});
