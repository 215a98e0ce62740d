import { useTranslation } from 'gatsby-plugin-react-i18next';
import React from 'react';
import { useLocale } from '../i18n/use-locale';
import { formatDateTime } from './format';
import type { LeadDetailFragment } from './generated';
import * as styles from './LeadDetail.module.css';

/** Who of the staff opened the lead or changed its status, and when, newest first (the API records each). */
export function LeadActivity({ activity }: { activity: LeadDetailFragment['activity'] }) {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  return (
    <section className={styles.group} aria-labelledby="lead-activity">
      <h3 id="lead-activity">{t('activity.heading')}</h3>
      <dl>
        {activity.map((action) => (
          <div key={action.id} className={styles.row}>
            <dt>
              <time dateTime={action.actedAt}>{formatDateTime(action.actedAt, locale.tag)}</time>
            </dt>
            <dd>
              {t(action.status ? 'activity.status' : 'activity.view', {
                account: action.staffEmail,
                status: action.status && t(`status.${action.status}`),
              })}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
