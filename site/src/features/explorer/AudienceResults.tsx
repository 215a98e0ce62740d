/**
 * The explorer's answers: a topic's audiences, or a search's in every topic, through Apollo Client. A chunk of its
 * own, loaded once the visitor has chosen what to see, so that no page loads Apollo Client before it is needed.
 */
import { ApolloProvider, skipToken, useQuery } from '@apollo/client/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import React, { useEffect } from 'react';
import type { TopicData } from '../../components/home/types';
import { RetryMessage } from '../../components/RetryMessage';
import { withLinks } from '../../components/with-links';
import { track } from '../analytics/track';
import { client } from '../api/client';
import { AudiencesDocument, SearchAudiencesDocument } from '../api/generated';
import { useLocale } from '../i18n/use-locale';
import { renameSelected } from './audience-request';
import { AudienceTable } from './AudienceTable';
import { Loading } from './ExplorerPanel';
import type { Announce } from './SelectedAudiences';
import * as styles from './Explorer.module.css';

export interface Props {
  country: string;
  topic: string;
  /** The words searched for in every topic, or '' to show the topic's audiences. */
  search: string;
  topics: TopicData[];
  countryName: string;
  announce: Announce;
}

/** Public answers, cacheable by the browser, nginx and a CDN: asked with GET. */
const CACHEABLE = { fetchOptions: { method: 'GET' } };

export default function AudienceResults(props: Props) {
  return (
    <ApolloProvider client={client}>
      <Results {...props} />
    </ApolloProvider>
  );
}

function Results({ country, topic, search, topics, countryName, announce }: Props) {
  const { t } = useTranslation('explorer');
  const { locale } = useLocale();
  const byTopic = useQuery(
    AudiencesDocument,
    search ? skipToken : { variables: { country, topic, locale: locale.api }, context: CACHEABLE },
  );
  const bySearch = useQuery(
    SearchAudiencesDocument,
    search ? { variables: { country, text: search, locale: locale.api }, context: CACHEABLE } : skipToken,
  );
  const { error, refetch } = search ? bySearch : byTopic;
  const audiences = search ? bySearch.data?.searchAudiences : byTopic.data?.audiences;

  useEffect(() => {
    if (!audiences) return;
    renameSelected(country, locale.api, audiences);
    if (audiences.length && !search) track({ event: 'product_view', product_name: `${country}:${topic}`, product_category: topic });
  }, [audiences, country, topic, search, locale.api]);

  const topicName = (slug: string) => topics.find((item) => item.slug === slug)?.name ?? '';

  if (error) {
    return (
      <RetryMessage className={`state-message ${styles.message}`} action={t('retry')} onRetry={() => void refetch().catch(() => undefined)}>
        <p>{t('error')}</p>
      </RetryMessage>
    );
  }
  if (!audiences) return <Loading />;
  if (!audiences.length) {
    return (
      <p className={`state-message ${styles.message}`}>
        {search ? t('noMatch', { text: search, country: countryName }) : t('empty', { topic: topicName(topic), country: countryName })}
      </p>
    );
  }
  // Under the figures, how they are made: a model's estimates, not counts (the legal notice explains it in full).
  const modelNote = <p className={styles.modelNote}>{withLinks(t('modelNote'))}</p>;
  if (!search) {
    return (
      <>
        <AudienceTable
          audiences={audiences}
          country={country}
          announce={announce}
          caption={t('caption', { topic: topicName(topic), country: countryName, count: audiences.length })}
        />
        {modelNote}
      </>
    );
  }
  // A search's answers, by topic in the catalog's order, closest first within each.
  const groups = topics
    .map((item) => ({ topic: item, audiences: audiences.filter((audience) => audience.topic === item.slug) }))
    .filter((group) => group.audiences.length);
  return (
    <div className={styles.groups}>
      <p className={styles.found}>{t('found', { count: audiences.length, text: search, country: countryName })}</p>
      {groups.map((group) => (
        <AudienceTable
          key={group.topic.slug}
          audiences={group.audiences}
          country={country}
          announce={announce}
          caption={t('groupCaption', { topic: group.topic.name, count: group.audiences.length })}
        />
      ))}
      {modelNote}
    </div>
  );
}
