import { DEVICE_TYPES, SEGMENT_UPLOAD_HOURS } from '@segmentia/contracts/privacy';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import React from 'react';
import { withLinks } from '../../components/with-links';
import { RequestDataLink } from '../my-data/RequestDataLink';
import { ObjectionForm } from './ObjectionForm';
import { OptOutForm } from './OptOutForm';
import * as styles from './PrivacyCenter.module.css';

/**
 * The privacy centre's page: the audiences' opt-out (a device's advertising ID), a web browser's written objection,
 * and "your request's data" (features/my-data, its own section below these).
 */
export function PrivacyCenter({ leadRetentionMonths }: { leadRetentionMonths: number }) {
  const { t } = useTranslation('privacy-center');
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
      </header>

      <section id="opt-out" className={styles.section} aria-labelledby="opt-out-title">
        <h2 id="opt-out-title">{t('optOut.title')}</h2>
        <p>{t('optOut.intro')}</p>
        <p>
          <strong>{t('optOut.timing', { hours: SEGMENT_UPLOAD_HOURS })}</strong>
        </p>
        <h3>{t('optOut.findTitle')}</h3>
        <dl className={styles.devices}>
          {DEVICE_TYPES.map((device) => (
            <div key={device}>
              <dt>{t(`optOut.find.${device}.name`)}</dt>
              <dd>{t(`optOut.find.${device}.text`)}</dd>
            </div>
          ))}
        </dl>
        <OptOutForm />
      </section>

      <section id="browsers" className={styles.section} aria-labelledby="browsers-title">
        <h2 id="browsers-title">{t('browser.title')}</h2>
        <p>{withLinks(t('browser.text'))}</p>
        <p>{t('browser.retention', { months: leadRetentionMonths })}</p>
        <ObjectionForm />
      </section>

      <RequestDataLink id="my-data" />
    </div>
  );
}
