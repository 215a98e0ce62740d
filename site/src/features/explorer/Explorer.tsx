import { useTranslation } from 'gatsby-plugin-react-i18next';
import React, { Suspense } from 'react';
import { explorerPanel } from '../lazy/home-chunks';
import type { Props } from './ExplorerPanel';
import * as styles from './Explorer.module.css';

/** The Audiences Explorer's section: its heading here, its panel from its own chunk. */
export function Explorer(props: Props) {
  const { t } = useTranslation('explorer');
  return (
    <section id="explorer" className="section" aria-labelledby="explorer-title">
      <div className="container">
        <span className="eyebrow">{t('eyebrow')}</span>
        <h2 id="explorer-title">{t('title')}</h2>
        <p className="lead">{t('lead')}</p>
        {/* Only after a navigation that outran the chunk: the panel's place, kept. */}
        <Suspense fallback={<div className={`card ${styles.panel} ${styles.placeholder}`} aria-busy="true" />}>
          <explorerPanel.Component {...props} />
        </Suspense>
      </div>
    </section>
  );
}
