import { useTranslation } from 'gatsby-plugin-react-i18next';
import React from 'react';
import { LOCALES } from '@segmentia/contracts/locales';
import type { MyRequestDataQuery } from '../api/generated';
import { useDateFormat } from './RequestDetails';
import * as styles from './MyData.module.css';

type Objection = MyRequestDataQuery['myRequestData']['objections'][number];

/** The address's written objections to the audiences (the privacy centre's other form), which the erasure erases too. */
export function MyObjections({ objections }: { objections: Objection[] }) {
  const { t } = useTranslation(['my-data', 'contact']);
  const date = useDateFormat();
  if (!objections.length) return null;
  return (
    <section className={styles.requestCard} aria-labelledby="my-data-objections">
      <h2 id="my-data-objections">{t('page.objections.title')}</h2>
      {objections.map((objection) => (
        <div key={objection.id} className={styles.group}>
          <h3>{t('page.objections.itemTitle', { date: date(objection.receivedAt) })}</h3>
          <dl>
            <div className={styles.row}>
              <dt>{t('page.objections.message')}</dt>
              <dd>
                <span className={styles.message}>{objection.message}</span>
              </dd>
            </div>
            <div className={styles.row}>
              <dt>{t('contact:fields.email')}</dt>
              <dd>{objection.email}</dd>
            </div>
            <div className={styles.row}>
              <dt>{t('page.objections.language')}</dt>
              <dd>{LOCALES.find((entry) => entry.api === objection.locale)?.name ?? objection.locale}</dd>
            </div>
          </dl>
          <p>{objection.answeredAt ? t('page.objections.answered', { date: date(objection.answeredAt) }) : t('page.objections.open')}</p>
        </div>
      ))}
    </section>
  );
}
