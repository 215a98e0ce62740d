import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { CheckCircle2 } from 'lucide-react';
import React, { useState } from 'react';
import { RetryMessage } from '../../components/RetryMessage';
import { useLocale } from '../i18n/use-locale';
import { AnswerAudienceObjectionDocument, type AudienceObjectionItemFragment, PrivacyCenterDocument } from './generated';
import { mailtoHref } from './format';
import { problemText } from './problems';
import { SelfServiceErasures } from './SelfServiceErasures';
import { localProblem } from './staff-client';
import * as shared from './Staff.module.css';
import * as styles from './PrivacyCenterPanel.module.css';

/**
 * The privacy centre for staff: how many IDs are suppressed, when the audiences' pipeline last read the list (with which
 * machine key, how many rows), and the written objections to answer (open first).
 */
export function PrivacyCenterPanel() {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const { data, error, refetch } = useQuery(PrivacyCenterDocument);
  // The figures change with the answer: they are asked again with it.
  const [answerObjection] = useMutation(AnswerAudienceObjectionDocument, {
    refetchQueries: [PrivacyCenterDocument],
    awaitRefetchQueries: true,
  });
  const [answering, setAnswering] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const answer = async (objection: AudienceObjectionItemFragment) => {
    setAnswering(objection.id);
    try {
      await answerObjection({ variables: { id: objection.id } });
      setAnnouncement(t('privacyCenter.answeredNow', { email: objection.email }));
    } catch (failure) {
      const problem = localProblem(failure);
      setAnnouncement(problem ? problemText(t, problem, 'item') : '');
    } finally {
      setAnswering(null);
    }
  };

  // An ended session or an account without access: the page says so, once, above.
  if (error && !localProblem(error)) return null;
  const date = (iso: string) => new Intl.DateTimeFormat(locale.tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const lastRead = data?.privacyCenterSummary.lastSuppressionRead;
  return (
    <section className={`card ${shared.card} ${styles.panel}`} aria-labelledby="privacy-center-title" data-staff-privacy-center>
      <h2 id="privacy-center-title">{t('privacyCenter.title')}</h2>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {!data && !error && <p>{t('privacyCenter.loading')}</p>}
      {/* The leads above already say what went wrong (one alert on the page); here, what failed and a retry of its own. */}
      {error && (
        <RetryMessage className="" announce={false} action={t('privacyCenter.retry')} onRetry={() => void refetch().catch(() => undefined)}>
          <p>{t('privacyCenter.failed')}</p>
        </RetryMessage>
      )}
      {data && !error && (
        <>
          <dl className={styles.figures}>
            <div>
              <dt>{t('privacyCenter.suppressions')}</dt>
              <dd data-suppressions>{data.privacyCenterSummary.suppressions}</dd>
            </div>
            <div>
              <dt>{t('privacyCenter.openObjections')}</dt>
              <dd data-open-objections>{data.privacyCenterSummary.openObjections}</dd>
            </div>
            <div>
              <dt>{t('privacyCenter.lastRead')}</dt>
              <dd className={styles.reading} data-last-suppression-read>
                {lastRead
                  ? t('privacyCenter.lastReadBy', { date: date(lastRead.readAt), key: lastRead.keyName, rows: lastRead.rows })
                  : t('privacyCenter.neverRead')}
              </dd>
            </div>
          </dl>
          <h3>{t('privacyCenter.objections')}</h3>
          {data.audienceObjections.length === 0 ? (
            <p>{t('privacyCenter.none')}</p>
          ) : (
            <ul className={styles.objections}>
              {data.audienceObjections.map((objection) => (
                <li key={objection.id} data-objection={objection.id}>
                  <p className={styles.meta}>
                    <a href={mailtoHref(objection.email)}>{objection.email}</a> · {date(objection.receivedAt)} · {objection.locale}
                  </p>
                  <p className={styles.message}>{objection.message}</p>
                  {objection.answeredAt ? (
                    <p className={styles.answered}>
                      <CheckCircle2 size={18} strokeWidth={1.75} aria-hidden="true" />
                      {t('privacyCenter.answered', { who: objection.answeredBy ?? '', date: date(objection.answeredAt) })}
                    </p>
                  ) : (
                    <button
                      type="button"
                      className="button button--secondary"
                      onClick={() => void answer(objection)}
                      aria-disabled={answering === objection.id || undefined}
                    >
                      {t('privacyCenter.markAnswered')}
                      <span className="visually-hidden">: {objection.email}</span>
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <SelfServiceErasures />
    </section>
  );
}
