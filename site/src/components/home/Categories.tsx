import { useTranslation } from 'gatsby-plugin-react-i18next';
import React from 'react';
import { selectInExplorer } from '../../features/explorer/use-explorer-selection';
import { CssIcon } from './css-icons';
import { CSS_ICONS, type CssIconName } from './css-icon-names';
import type { TopicData } from './types';
import * as styles from './Categories.module.css';

/** The API names each topic's icon (lucide-react's name); one the site does not draw shows as Sparkles. */
const iconOf = (name: string): CssIconName => CSS_ICONS.find((icon) => icon === name) ?? 'Sparkles';

/** Opens the explorer on a topic, keeping the country the visitor chose. */
function explore(topic: string) {
  selectInExplorer({ topic, q: '' });
  document.getElementById('explorer')?.scrollIntoView();
  document.querySelector<HTMLSelectElement>('#explorer select[name="country"]')?.focus({ preventScroll: true });
}

export function Categories({ topics }: { topics: TopicData[] }) {
  const { t } = useTranslation('home');
  return (
    <section id="categories" className="section" aria-labelledby="categories-title">
      <div className="container">
        <span className="eyebrow">{t('categories.eyebrow')}</span>
        <h2 id="categories-title">{t('categories.title', { count: topics.length })}</h2>
        <p className="lead">{t('categories.lead', { count: topics.length })}</p>
        <ul className={styles.grid}>
          {topics.map((topic) => (
            <li key={topic.slug} className={styles.card}>
              <span className={styles.icon}>
                <CssIcon name={iconOf(topic.icon)} />
              </span>
              <h3>{topic.name}</h3>
              <p>{topic.description}</p>
              <a
                href={`?topic=${topic.slug}#explorer`}
                className={styles.link}
                data-topic={topic.slug}
                onClick={(event) => {
                  event.preventDefault();
                  explore(topic.slug);
                }}
              >
                {t('categories.explore')}
                <span className="visually-hidden">: {topic.name}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
