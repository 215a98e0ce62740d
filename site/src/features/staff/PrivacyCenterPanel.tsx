import { useTranslation } from 'gatsby-plugin-react-i18next';
import { CheckCircle2, RotateCcw } from 'lucide-react';
import React, { useCallback, useEffect, useState } from 'react';
import { useLocale } from '../i18n/use-locale';
import type { AudienceObjectionItemFragment, PrivacyCenterQuery } from './generated';
import type { Blocker, LocalProblem } from './problems';
import { useStaffApi } from './use-staff-api';
import type { EndNotice } from './use-staff-session';
import * as shared from './Staff.module.css';
import * as styles from './PrivacyCenterPanel.module.css';

type State = { status: 'loading' } | { status: 'failed'; problem: LocalProblem | null } | { status: 'ready'; data: PrivacyCenterQuery };

/** The privacy centre for staff: how many IDs are suppressed, and the written objections to answer (open first). */
export function PrivacyCenterPanel({ onSessionEnd }: { onSessionEnd(notice: EndNotice): void }) {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const [, setBlocked] = useState<Blocker | null>(null);
  const call = useStaffApi(onSessionEnd, setBlocked);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [answering, setAnswering] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const load = useCallback(() => {
    setState({ status: 'loading' });
    void call((api) => api.fetchPrivacyCenter()).then((outcome) =>
      setState(outcome.ok ? { status: 'ready', data: outcome.value } : { status: 'failed', problem: outcome.problem }),
    );
  }, [call]);
  useEffect(load, [load]);

  const answer = async (objection: AudienceObjectionItemFragment) => {
    setAnswering(objection.id);
    const outcome = await call((api) => api.answerAudienceObjection(objection.id));
    setAnswering(null);
    if (!outcome.ok) {
      setAnnouncement(outcome.problem ? t(`problems.${outcome.problem}`) : '');
      return;
    }
    setAnnouncement(t('privacyCenter.answeredNow', { email: objection.email }));
    load();
  };

  // An ended session or an account without access: the page says so, once, above.
  if (state.status === 'failed' && !state.problem) return null;
  const date = (iso: string) => new Intl.DateTimeFormat(locale.tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <section className={`card ${shared.card} ${styles.panel}`} aria-labelledby="privacy-center-title" data-staff-privacy-center>
      <h2 id="privacy-center-title">{t('privacyCenter.title')}</h2>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {state.status === 'loading' && <p>{t('privacyCenter.loading')}</p>}
      {/* The leads above already say what went wrong (one alert on the page); here, what failed and a retry of its own. */}
      {state.status === 'failed' && (
        <div>
          <p>{t('privacyCenter.failed')}</p>
          <button type="button" className="button button--secondary" onClick={load}>
            <RotateCcw size={18} strokeWidth={1.75} aria-hidden="true" />
            {t('privacyCenter.retry')}
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <dl className={styles.figures}>
            <div>
              <dt>{t('privacyCenter.suppressions')}</dt>
              <dd data-suppressions>{state.data.privacyCenterSummary.suppressions}</dd>
            </div>
            <div>
              <dt>{t('privacyCenter.openObjections')}</dt>
              <dd data-open-objections>{state.data.privacyCenterSummary.openObjections}</dd>
            </div>
          </dl>
          <h3>{t('privacyCenter.objections')}</h3>
          {state.data.audienceObjections.length === 0 ? (
            <p>{t('privacyCenter.none')}</p>
          ) : (
            <ul className={styles.objections}>
              {state.data.audienceObjections.map((objection) => (
                <li key={objection.id} data-objection={objection.id}>
                  <p className={styles.meta}>
                    <a href={`mailto:${objection.email}`}>{objection.email}</a> · {date(objection.receivedAt)} · {objection.locale}
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
    </section>
  );
}
