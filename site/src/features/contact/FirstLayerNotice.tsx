import { Link } from 'gatsby';
import { Trans, useTranslation } from 'gatsby-plugin-react-i18next';
import React from 'react';
import { COMPANY } from '../../config/company';
import * as styles from './ContactForm.module.css';

/** The first layer of the data-protection notice, where the data are collected (LOPDGDD art. 11): the policy is the second. */
export function FirstLayerNotice({ privacyPath }: { privacyPath: string }) {
  const { t } = useTranslation('contact');
  const values = { companyName: COMPANY.companyName, privacyEmail: COMPANY.privacyEmail };
  return (
    <section className={styles.firstLayer} aria-labelledby="first-layer-title">
      <h3 id="first-layer-title">{t('firstLayer.title')}</h3>
      <dl>
        {(['controller', 'purpose', 'legalBasis', 'recipients', 'rights'] as const).map((key) => (
          <div key={key}>
            <dt>{t(`firstLayer.${key}.label`)}</dt>
            <dd>{t(`firstLayer.${key}.text`, values)}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Trans t={t} i18nKey="firstLayer.more" components={{ privacy: <Link to={privacyPath} /> }} />
      </p>
    </section>
  );
}
