import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Crosshair, Radio } from 'lucide-react';
import React from 'react';
import { CoverageMap } from './CoverageMap';
import type { Coverage } from './types';
import * as styles from './GeoAudiences.module.css';

export function GeoAudiences({ coverage }: { coverage: Coverage }) {
  const { t } = useTranslation('home');
  const criteria = t('geo.segmentation.criteria', { returnObjects: true }) as string[];
  return (
    <section id="audiences" className="section section--surface" aria-labelledby="geo-title">
      <div className={`container ${styles.grid}`}>
        <div>
          <span className="eyebrow">{t('geo.eyebrow')}</span>
          <h2 id="geo-title">{t('geo.title')}</h2>
          <p className="lead">{t('geo.lead', { countries: coverage.countries })}</p>
          <div className={styles.blocks}>
            <article className={styles.block}>
              <Crosshair size={24} strokeWidth={1.75} aria-hidden="true" className={styles.icon} />
              <h3>{t('geo.segmentation.title')}</h3>
              <p>{t('geo.segmentation.text')}</p>
              <ul className={styles.criteria}>
                {criteria.map((criterion) => (
                  <li key={criterion}>{criterion}</li>
                ))}
              </ul>
            </article>
            <article className={styles.block}>
              <Radio size={24} strokeWidth={1.75} aria-hidden="true" className={styles.icon} />
              <h3>{t('geo.activation.title')}</h3>
              <p>{t('geo.activation.text')}</p>
            </article>
          </div>
        </div>
        <figure className={styles.mapFigure}>
          <CoverageMap label={t('geo.mapLabel', { countries: coverage.countries })} />
          <figcaption>{t('geo.mapCaption', { countries: coverage.countries })}</figcaption>
        </figure>
      </div>
    </section>
  );
}
