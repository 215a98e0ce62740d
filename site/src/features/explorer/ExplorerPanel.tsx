import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Download, Search } from 'lucide-react';
import React, { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { LoadingMessage } from '../../components/LoadingMessage';
import { BusyButton } from '../../components/BusyButton';
import type { CountryData, TopicData } from '../../components/home/types';
import { SITE_URL } from '../../config/site';
import { useLocale } from '../i18n/use-locale';
import { sortByName } from './format';
import { SelectionSummary } from './SelectedAudiences';
import { SEARCH_LIMITS } from '@segmentia/contracts/search';
import { NOT_SINGLE_LINE } from '@segmentia/contracts/contact';
import { selectInExplorer, useExplorerSelection } from './use-explorer-selection';
import * as styles from './Explorer.module.css';

/** The answers to the visitor's choice, with Apollo Client: loaded once there is a choice to answer. */
const AudienceResults = lazy(() => import(/* webpackChunkName: "explorer-results" */ './AudienceResults'));

/** The explorer's country select: where the map's links and an emptied selection put the focus. */
const countrySelect = () => document.querySelector<HTMLSelectElement>('#explorer select[name="country"]');

/** Typing searches once the visitor pauses this long. */
const SEARCH_PAUSE_MS = 250;

export interface Props {
  countries: CountryData[];
  topics: TopicData[];
}

/**
 * Pick a country and a topic, see its audiences and their reach, largest
 * first; or search the country's audiences of every topic by name. Each
 * audience shows its segment id and taxonomy path as The Trade Desk does.
 * The panel of the explorer's section (Explorer.tsx), a chunk of its own.
 */
export function ExplorerPanel({ countries, topics }: Props) {
  const { t } = useTranslation('explorer');
  const { locale, code, path } = useLocale();
  const codes = useMemo(() => countries.map((item) => item.code), [countries]);
  const slugs = useMemo(() => topics.map((item) => item.slug), [topics]);
  const selection = useExplorerSelection(codes, slugs);
  // What the last change to the request's selection did, for screen readers.
  const [announcement, setAnnouncement] = useState('');
  const sortedCountries = useMemo(() => sortByName(countries, locale.tag), [countries, locale.tag]);
  const sortedTopics = useMemo(() => sortByName(topics, locale.tag), [topics, locale.tag]);
  const { country, topic, q } = selection;
  // What the visitor types; searched (and put in the URL) once they pause. A new search (a link, the URL on mount)
  // replaces it in the same render: were it set by an effect, the pause's timer could see the old text for a moment
  // and, on a slow phone, search for it again, undoing the link's search.
  const [typed, setTyped] = useState(q);
  const [searched, setSearched] = useState(q);
  if (searched !== q) {
    setSearched(q);
    setTyped(q);
  }
  useEffect(() => {
    if (typed === q) return;
    const timer = window.setTimeout(() => selectInExplorer({ q: typed }), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed, q]);
  // The API refuses control characters in the search (a pasted tab): they are spaces here.
  const words = q.replace(new RegExp(NOT_SINGLE_LINE.source, 'gu'), ' ').trim();
  const searching = words.length >= SEARCH_LIMITS.min;

  // Links to this page's explorer on a country (the coverage map's: plain links before JavaScript): once the explorer
  // runs, they pick the country in place.
  useEffect(() => {
    const pick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href*="country="]');
      if (!link || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      // An SVG link's `href` is not a string: its attribute is read.
      const target = new URL(link.getAttribute('href')!, window.location.href);
      const code = target.searchParams.get('country');
      if (target.pathname !== window.location.pathname || !code || !codes.includes(code)) return;
      event.preventDefault();
      selectInExplorer({ country: code, q: '' });
      document.getElementById('explorer')?.scrollIntoView();
      countrySelect()?.focus({ preventScroll: true });
    };
    document.addEventListener('click', pick);
    return () => document.removeEventListener('click', pick);
  }, [codes]);

  const countryName = countries.find((item) => item.code === country)?.name ?? '';
  const topicName = (slug: string) => topics.find((item) => item.slug === slug)?.name ?? '';

  // The planners' download: every audience of the country, headers in the page's language, its separator.
  const [download, setDownload] = useState<'idle' | 'preparing' | 'failed'>('idle');
  const downloadCsv = async () => {
    if (download === 'preparing') return;
    setDownload('preparing');
    try {
      const [api, { audiencesCsv }, { csvFileName, csvSeparatorFor, saveCsv }] = await Promise.all([
        import('../api/client'),
        import('./audiences-csv'),
        import('../download/csv'),
      ]);
      const audiences = await api.fetchCountryAudiences({ country, locale: locale.api });
      const headers = (['topic', 'audience', 'segmentId', 'path', 'englishPath', 'reach'] as const).map((column) => t(`csv.${column}`));
      const note = t('csv.note', { url: `${SITE_URL}${path('/legal/')}#audience-estimates` });
      const csv = audiencesCsv(audiences, { note, headers, topicName, separator: csvSeparatorFor(code) === 'COMMA' ? ',' : ';' });
      saveCsv(csv, csvFileName(`audiences-${country.toLowerCase()}`, new Date()));
      setDownload('idle');
    } catch {
      setDownload('failed');
    }
  };
  return (
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
        <label className={`${styles.field} ${styles.searchField}`}>
          <span>{t('search')}</span>
          <span className={styles.searchInput}>
            <Search size={18} strokeWidth={1.75} aria-hidden="true" />
            <input
              type="search"
              name="q"
              value={typed}
              maxLength={SEARCH_LIMITS.max}
              placeholder={t('searchPlaceholder')}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && selectInExplorer({ q: typed })}
            />
          </span>
        </label>
        <label className={styles.field}>
          <span>{t('topic')}</span>
          <select value={topic} onChange={(event) => selectInExplorer({ topic: event.target.value, q: '' })} name="topic">
            <option value="">{t('chooseTopic')}</option>
            {sortedTopics.map((item) => (
              <option key={item.slug} value={item.slug}>
                {item.name}
              </option>
            ))}
          </select>
        </label>
        {country && (
          <div className={styles.download}>
            <BusyButton
              className="button button--secondary"
              onClick={() => void downloadCsv()}
              busy={download === 'preparing'}
              busyLabel={t('csv.download', { country: countryName })}
              icon={<Download size={18} strokeWidth={1.75} aria-hidden="true" />}
            >
              {t('csv.download', { country: countryName })}
            </BusyButton>
            {download === 'failed' && (
              <p role="alert" className={styles.downloadError}>
                {t('csv.failed')}
              </p>
            )}
          </div>
        )}
      </div>
      <div className={styles.results} aria-live="polite">
        {country && (searching || topic) ? (
          <Suspense fallback={<Loading />}>
            <AudienceResults
              country={country}
              topic={topic}
              search={searching ? words : ''}
              topics={topics}
              countryName={countryName}
              announce={setAnnouncement}
            />
          </Suspense>
        ) : (
          <p className={`state-message ${styles.message}`}>
            <Search size={24} strokeWidth={1.75} aria-hidden="true" />
            {t(searching ? 'promptCountry' : 'prompt')}
          </p>
        )}
      </div>
      <SelectionSummary announce={setAnnouncement} onEmptied={() => countrySelect()?.focus()} />
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </div>
  );
}

/** While the answers (or their code) are on their way. */
export function Loading() {
  const { t } = useTranslation('explorer');
  return <LoadingMessage className={`state-message ${styles.message}`}>{t('loading')}</LoadingMessage>;
}
