import { Link } from 'gatsby';
import { Trans, useTranslation } from 'gatsby-plugin-react-i18next';
import React from 'react';
import { COMPANY } from '../../config/company';
import * as styles from './ContactForm.module.css';

const ROWS = ['controller', 'purpose', 'legalBasis', 'recipients', 'rights', 'objection'] as const;

/**
 * The first layer of the data-protection notice, where the data are collected (LOPDGDD art. 11): the policy is the
 * second. The right to object has a row of its own (art. 21(4) GDPR); the recipients name internal messaging only
 * when a messaging tool hears of requests (`chat`), as the policy does.
 */
export function FirstLayerNotice({ privacyPath, chat }: { privacyPath: string; chat: boolean }) {
  const { t } = useTranslation('contact');
  const values = { companyName: COMPANY.companyName, privacyEmail: COMPANY.privacyEmail };
  const text = (key: (typeof ROWS)[number]) =>
    key === 'recipients' && chat ? t('firstLayer.recipients.withChat', values) : t(`firstLayer.${key}.text`, values);
  return (
    <section className={styles.firstLayer} aria-labelledby="first-layer-title">
      <h3 id="first-layer-title">{t('firstLayer.title')}</h3>
      <dl>
        {ROWS.map((key) => (
          <div key={key}>
            <dt>{t(`firstLayer.${key}.label`)}</dt>
            <dd>{text(key)}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Trans t={t} i18nKey="firstLayer.more" components={{ privacy: <Link to={privacyPath} /> }} />
      </p>
    </section>
  );
}
