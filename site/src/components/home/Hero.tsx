import { useTranslation } from 'gatsby-plugin-react-i18next';
import { ArrowRight } from 'lucide-react';
import React from 'react';
import { TRADE_DESK_PARTNER } from '../../config/site';
import type { Coverage } from './types';
import * as styles from './Hero.module.css';

export function Hero({ coverage }: { coverage: Coverage }) {
  const { t } = useTranslation('home');
  // Only figures the API's data shows (read at build time): a figure the public data cannot prove is not shown.
  const figures = [
    { value: `${coverage.countries}`, label: t('hero.figures.countries') },
    { value: coverage.audiencesText, label: t('hero.figures.audiences') },
    { value: `${coverage.topics}`, label: t('hero.figures.topics') },
  ];
  return (
    <section id="segmentia" className={styles.hero} aria-labelledby="hero-title">
      <div className={`container ${styles.grid}`}>
        <div>
          <span className="eyebrow">{t(TRADE_DESK_PARTNER ? 'hero.eyebrowPartner' : 'hero.eyebrow')}</span>
          <h1 id="hero-title" className={styles.title}>
            {t('hero.title')}
          </h1>
          <p className={`lead ${styles.lead}`}>{t('hero.lead', { countries: coverage.countries })}</p>
          <div className={styles.actions}>
            <a href="#contact" className="button button--primary" data-cta="hero_demo">
              {t('hero.cta')}
              <ArrowRight size={18} strokeWidth={1.75} aria-hidden="true" />
            </a>
            <a href="#explorer" className="button button--secondary" data-cta="hero_explorer">
              {t('hero.secondary')}
            </a>
          </div>
        </div>
        <HeroVisual label={t('hero.visualLabel')} />
      </div>
      <div className="container">
        <dl className={styles.figures}>
          {figures.map((figure, index) => (
            <div key={figure.label} className={styles.figure}>
              <dt>{figure.label}</dt>
              <dd className={`figure ${index === 0 ? styles.highlight : ''}`}>{figure.value}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.note}>{t('hero.figures.note')}</p>
      </div>
    </section>
  );
}

/** Abstract data shape: concentric reach rings narrowing to a segment. */
function HeroVisual({ label }: { label: string }) {
  const dots = Array.from({ length: 42 }, (_, i) => {
    const angle = (i * 137.5 * Math.PI) / 180;
    const radius = 34 + ((i * 53) % 150);
    return { x: 210 + radius * Math.cos(angle), y: 210 + radius * Math.sin(angle), near: radius < 90 };
  });
  return (
    <svg className={styles.visual} viewBox="0 0 420 420" role="img" aria-label={label}>
      <circle cx="210" cy="210" r="190" className={styles.ring} />
      <circle cx="210" cy="210" r="130" className={styles.ring} />
      <circle cx="210" cy="210" r="70" className={styles.ringStrong} />
      {dots.map((dot, i) => (
        <circle
          key={i}
          cx={dot.x.toFixed(1)}
          cy={dot.y.toFixed(1)}
          r={dot.near ? 5 : 3.5}
          className={dot.near ? styles.dotNear : styles.dot}
        />
      ))}
      <circle cx="210" cy="210" r="14" className={styles.core} />
    </svg>
  );
}
