import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import React from 'react';
import { useLocale } from '../i18n/use-locale';
import { SelfServiceErasuresDocument } from './generated';
import { localProblem } from './staff-client';
import * as styles from './PrivacyCenterPanel.module.css';

/**
 * The erasures people did themselves (the privacy centre's "my data"): the leads' ids, whose chat notice and sales
 * email staff delete by hand, and whether sales' notice of the erasure went out.
 */
export function SelfServiceErasures() {
  const { t } = useTranslation('staff');
  const { locale } = useLocale();
  const { data, error } = useQuery(SelfServiceErasuresDocument);
  // An ended session or an account without access: the page says so, once, above.
  if (error && !localProblem(error)) return null;
  const date = (iso: string) => new Intl.DateTimeFormat(locale.tag, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <div data-self-service-erasures>
      <h3>{t('privacyCenter.selfServiceErasures.title')}</h3>
      <p>{t('privacyCenter.selfServiceErasures.lead')}</p>
      {error && <p>{t('privacyCenter.selfServiceErasures.failed')}</p>}
      {data?.selfServiceErasures.length === 0 && <p>{t('privacyCenter.selfServiceErasures.none')}</p>}
      {data && data.selfServiceErasures.length > 0 && (
        <ul className={styles.objections}>
          {data.selfServiceErasures.map((erasure) => (
            <li key={erasure.id} data-erasure={erasure.id}>
              <p className={styles.meta}>{t('privacyCenter.selfServiceErasures.erasedAt', { date: date(erasure.erasedAt) })}</p>
              {erasure.leadIds.length > 0 && (
                <>
                  <p>{t('privacyCenter.selfServiceErasures.leadIds')}</p>
                  <ul>
                    {erasure.leadIds.map((id) => (
                      <li key={id}>
                        <code>{id}</code>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {erasure.objectionCount > 0 && <p>{t('privacyCenter.selfServiceErasures.objections', { count: erasure.objectionCount })}</p>}
              {erasure.leadIds.length > 0 && erasure.notices.length === 0 && <p>{t('privacyCenter.selfServiceErasures.noNotice')}</p>}
              {erasure.notices.map((notice) => {
                const channel = t(`privacyCenter.selfServiceErasures.channel.${notice.channel}`);
                return (
                  <p key={notice.channel}>
                    {notice.deliveredAt
                      ? t('privacyCenter.selfServiceErasures.sent', { channel, date: date(notice.deliveredAt) })
                      : t('privacyCenter.selfServiceErasures.pending', { channel })}
                  </p>
                );
              })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
