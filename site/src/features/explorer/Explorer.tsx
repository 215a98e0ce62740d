import { useTranslation } from 'gatsby-plugin-react-i18next';
import { RotateCcw, Search } from 'lucide-react';
import React, { useEffect, useMemo, useState } from 'react';
import type { CountryData, TopicData } from '../../components/home/types';
import { track } from '../analytics/track';
import type { AudiencesQuery } from '../api/generated';
import { useLocale } from '../i18n/use-locale';
import { formatReach, sortByName } from './format';
import { selectInExplorer, useExplorerSelection } from './use-explorer-selection';
import * as styles from './Explorer.module.css';

type Audience = AudiencesQuery['audiences'][number];
type State =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; audiences: Audience[] }
  | { status: 'error' };

interface Props {
  countries: CountryData[];
  topics: TopicData[];
}

/** Pick a country and a topic, see its audiences and their reach, largest first. */
export function Explorer({ countries, topics }: Props) {
  const { t } = useTranslation('explorer');
  const { locale } = useLocale();
  const codes = useMemo(() => countries.map((item) => item.code), [countries]);
  const slugs = useMemo(() => topics.map((item) => item.slug), [topics]);
  const selection = useExplorerSelection(codes, slugs);
  const [state, setState] = useState<State>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const sortedCountries = useMemo(() => sortByName(countries, locale.tag), [countries, locale.tag]);
  const sortedTopics = useMemo(() => sortByName(topics, locale.tag), [topics, locale.tag]);
  const { country, topic } = selection;

  useEffect(() => {
    if (!country || !topic) return setState({ status: 'idle' });
    let current = true;
    setState({ status: 'loading' });
    import('../api/client')
      .then((api) => api.fetchAudiences({ country, topic, locale: locale.api }))
      .then(
        (audiences) => {
          if (!current) return;
          setState({ status: 'ready', audiences });
          if (audiences.length) track({ event: 'product_view', product_name: `${country}:${topic}`, product_category: topic });
        },
        () => current && setState({ status: 'error' }),
      );
    return () => {
      current = false;
    };
  }, [country, topic, locale.api, attempt]);

  const countryName = countries.find((item) => item.code === country)?.name ?? '';
  const topicName = topics.find((item) => item.slug === topic)?.name ?? '';

  return (
    <section id="explorer" className="section" aria-labelledby="explorer-title">
      <div className="container">
        <span className="eyebrow">{t('eyebrow')}</span>
        <h2 id="explorer-title">{t('title')}</h2>
        <p className="lead">{t('lead')}</p>
        <div className={`card ${styles.panel}`}>
          <div className={styles.controls}>
            <label className={styles.field}>
              <span>{t('country')}</span>
              <select value={country} onChange={(event) => selectInExplorer({ country: event.target.value })} name="country">
                <option value="">{t('chooseCountry')}</option>
                {sortedCountries.map((item) => (
                  <option key={item.code} value={item.code}>
                    {item.name}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.field}>
              <span>{t('topic')}</span>
              <select value={topic} onChange={(event) => selectInExplorer({ topic: event.target.value })} name="topic">
                <option value="">{t('chooseTopic')}</option>
                {sortedTopics.map((item) => (
                  <option key={item.slug} value={item.slug}>
                    {item.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div className={styles.results} aria-live="polite" aria-busy={state.status === 'loading'}>
            {state.status === 'idle' && (
              <p className={`state-message ${styles.message}`}>
                <Search size={24} strokeWidth={1.75} aria-hidden="true" />
                {t('prompt')}
              </p>
            )}
            {state.status === 'loading' && (
              <p className={`state-message ${styles.message}`}>
                <span className="spinner" aria-hidden="true" />
                {t('loading')}
              </p>
            )}
            {state.status === 'error' && (
              <div className={`state-message ${styles.message}`} role="alert">
                <p>{t('error')}</p>
                <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
                  <RotateCcw size={18} strokeWidth={1.75} aria-hidden="true" />
                  {t('retry')}
                </button>
              </div>
            )}
            {state.status === 'ready' && state.audiences.length === 0 && (
              <p className={`state-message ${styles.message}`}>{t('empty', { topic: topicName, country: countryName })}</p>
            )}
            {state.status === 'ready' && state.audiences.length > 0 && (
              <AudienceTable audiences={state.audiences} caption={t('caption', { topic: topicName, country: countryName, count: state.audiences.length })} />
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

function AudienceTable({ audiences, caption }: { audiences: Audience[]; caption: string }) {
  const { t } = useTranslation('explorer');
  const { locale } = useLocale();
  const largest = Math.max(...audiences.map((audience) => audience.audienceSize));
  return (
    <table className={styles.table}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('interest')}</th>
          <th scope="col" className={styles.reachHeading}>
            {t('audience')}
          </th>
        </tr>
      </thead>
      <tbody>
        {audiences.map((audience) => (
          <tr key={audience.id}>
            <th scope="row">{audience.interest}</th>
            <td>
              <span className={styles.reach}>
                <span className={styles.bar} aria-hidden="true">
                  <span style={{ width: `${Math.max(4, (audience.audienceSize / largest) * 100)}%` }} />
                </span>
                <data value={audience.audienceSize} className="figure">
                  {formatReach(audience.audienceSize, locale.tag)}
                </data>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
