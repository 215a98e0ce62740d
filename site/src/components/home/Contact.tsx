import { useTranslation } from 'gatsby-plugin-react-i18next';
import React, { Suspense } from 'react';
import { useWebhookProcessor } from '../../features/contact/use-webhook-processor';
import { contactForm } from '../../features/lazy/home-chunks';
import { useCountryCount } from '../layout/use-country-count';
import { CssIcon } from './css-icons';
import * as styles from './Contact.module.css';

export function Contact() {
  const { t } = useTranslation('contact');
  const countries = useCountryCount();
  // Read here, with the page: the form is a chunk of its own.
  const chat = useWebhookProcessor() !== '';
  const points = [
    { icon: 'Target', text: t('points.audiences', { countries }) },
    { icon: 'Clock', text: t('points.credentials') },
    { icon: 'ShieldCheck', text: t('points.privacy') },
  ] as const;
  return (
    <section id="contact" className="section section--surface" aria-labelledby="contact-title">
      <div className={`container ${styles.grid}`}>
        <div className={styles.intro}>
          <span className="eyebrow">{t('eyebrow')}</span>
          <h2 id="contact-title">{t('title')}</h2>
          <p className="lead">{t('lead')}</p>
          <ul className={styles.points}>
            {points.map(({ icon, text }) => (
              <li key={text}>
                <CssIcon name={icon} className={styles.pointIcon} />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <Suspense fallback={<div className={styles.formPlaceholder} />}>
          <contactForm.Component chat={chat} />
        </Suspense>
      </div>
    </section>
  );
}
