import { useTranslation } from 'gatsby-plugin-react-i18next';
import React, { type ReactNode } from 'react';
import { LOCALES } from '@segmentia/contracts/locales';
import type { MyRequestDataQuery } from '../api/generated';
import { useLocale } from '../i18n/use-locale';
import * as styles from './MyData.module.css';

export type MyRequest = MyRequestDataQuery['myRequestData']['requests'][number];

/** A date and time as the page's language writes it (Madrid's time, as the emails do). */
export function useDateFormat() {
  const { locale } = useLocale();
  const format = new Intl.DateTimeFormat(locale.tag, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Madrid' });
  return (iso: string) => format.format(new Date(iso));
}

/** One row of a group: its label and value, "Not given" for an empty one. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation('my-data');
  const empty = children === null || children === undefined || children === '' || children === false;
  return (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd>{empty ? <span className={styles.notGiven}>{t('page.notGiven')}</span> : children}</dd>
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.group}>
      <h3>{title}</h3>
      <dl>{children}</dl>
    </div>
  );
}

/**
 * Everything Segmentia holds about one request, in the page's language: what the person sent (the contact form's own
 * labels and options), where the visit came from, what sales see (status, fit score and why), the consent record and
 * the notifications sent about it.
 */
export function RequestDetails({ request, headingId }: { request: MyRequest; headingId: string }) {
  const { t } = useTranslation(['my-data', 'contact', 'staff']);
  const { locale } = useLocale();
  const date = useDateFormat();
  const region = new Intl.DisplayNames([locale.tag], { type: 'region' });
  const country = (code: string | null) => (code ? region.of(code) : null);
  const option = (name: string, value: string) => t(`contact:options.${name}.${value}`);
  const language = LOCALES.find((entry) => entry.api === request.locale)?.name ?? request.locale;
  const fitValue = (rule: string, value: string) => {
    if (rule === 'email') return t(`staff:fit.email.${value}`, { defaultValue: value });
    if (rule === 'country') return t(`staff:fit.country.${value}`, { country: country(request.country) ?? '', defaultValue: value });
    return t(`contact:options.${rule}.${value}`, { defaultValue: value });
  };

  return (
    <article className={styles.requestCard} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('page.requestTitle', { date: date(request.receivedAt) })}</h2>
      <Group title={t('page.groups.sent')}>
        <Row label={t('contact:fields.agencyName')}>{request.agencyName}</Row>
        <Row label={t('contact:fields.agencyType')}>{option('agencyType', request.agencyType)}</Row>
        <Row label={t('contact:fields.agencySize')}>{option('agencySize', request.agencySize)}</Row>
        <Row label={t('contact:fields.advertiserCount')}>{option('advertiserCount', request.advertiserCount)}</Row>
        <Row label={t('contact:fields.contactName')}>{request.contactName}</Row>
        <Row label={t('contact:fields.email')}>{request.email}</Row>
        <Row label={t('contact:fields.phone')}>{request.phone}</Row>
        <Row label={t('contact:fields.position')}>{option('position', request.position)}</Row>
        <Row label={t('contact:fields.decisionRole')}>{option('decisionRole', request.decisionRole)}</Row>
        <Row label={t('contact:fields.interest')}>{option('interest', request.interest)}</Row>
        <Row label={t('contact:fields.message')}>{request.message && <span className={styles.message}>{request.message}</span>}</Row>
        <Row label={t('page.fields.audiences')}>
          {request.requestedAudiences.length > 0 && (
            <ul className={styles.list}>
              {request.requestedAudiences.map((audience) => (
                <li key={audience.segmentId}>
                  {audience.taxonomyPath} ({country(audience.country)}, <code>{audience.segmentId}</code>)
                </li>
              ))}
            </ul>
          )}
        </Row>
        <Row label={t('page.fields.received')}>{date(request.receivedAt)}</Row>
        <Row label={t('page.fields.pagePath')}>{request.pagePath}</Row>
        <Row label={t('page.fields.id')}>
          <code>{request.id}</code>
        </Row>
      </Group>
      <Group title={t('page.groups.visit')}>
        <Row label={t('page.fields.landingPage')}>{request.landingPage}</Row>
        <Row label={t('page.fields.referrerHost')}>{request.referrerHost}</Row>
        <Row label="utm_source">{request.utmSource}</Row>
        <Row label="utm_medium">{request.utmMedium}</Row>
        <Row label="utm_campaign">{request.utmCampaign}</Row>
        <Row label="utm_term">{request.utmTerm}</Row>
        <Row label="utm_content">{request.utmContent}</Row>
        <Row label={t('page.fields.gclid')}>{request.gclid}</Row>
      </Group>
      <Group title={t('page.groups.sales')}>
        <Row label={t('page.fields.status')}>
          {t(`staff:status.${request.status}`)}
          {request.statusUpdatedAt && ` (${date(request.statusUpdatedAt)})`}
        </Row>
        <Row label={t('page.fields.fitScore')}>{t('page.fitScore', { score: request.fitScore })}</Row>
        <Row label={t('page.fields.fitReasons')}>
          <ul className={styles.list}>
            {request.fitReasons.map((reason) => (
              <li key={reason.rule}>
                {t(`staff:fit.rules.${reason.rule}`)}: {fitValue(reason.rule, reason.value)} (
                {t('staff:fit.points', { points: reason.points, max: reason.maxPoints })})
              </li>
            ))}
          </ul>
        </Row>
        <Row label={t('page.fields.country')}>{country(request.country)}</Row>
        <Row label={t('page.fields.freeEmail')}>{request.freeEmail ? t('page.yes') : t('page.no')}</Row>
        <Row label={t('page.fields.repeat')}>
          {request.repeatOf
            ? t('page.repeatOf', { number: request.requestNumber, date: date(request.repeatOf.receivedAt) })
            : t('page.firstRequest', { number: request.requestNumber })}
        </Row>
      </Group>
      <Group title={t('page.groups.consent')}>
        <Row label={t('page.fields.termsVersion')}>{request.termsVersion}</Row>
        <Row label={t('page.fields.termsAcceptedAt')}>{date(request.termsAcceptedAt)}</Row>
        <Row label={t('page.fields.language')}>{language}</Row>
      </Group>
      <div className={styles.group}>
        <h3>{t('page.groups.notifications')}</h3>
        {request.notifications.length ? (
          <ul className={styles.list}>
            {request.notifications.map((notification) => (
              <li key={notification.channel}>
                <strong>{t(`page.channel.${notification.channel}`)}</strong>:{' '}
                {notification.deliveredAt
                  ? t('page.delivery.SENT', { date: date(notification.deliveredAt) })
                  : t('page.delivery.PENDING', { date: date(notification.createdAt) })}
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('page.noNotifications')}</p>
        )}
      </div>
    </article>
  );
}
