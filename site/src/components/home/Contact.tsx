import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Clock, ShieldCheck, Target } from 'lucide-react';
import React, { Suspense } from 'react';
import { contactForm } from '../../features/lazy/home-chunks';
import { useCountryCount } from '../layout/use-country-count';
import * as styles from './Contact.module.css';

export function Contact() {
  const { t } = useTranslation('contact');
  const countries = useCountryCount();
  const points = [
    { Icon: Target, text: t('points.audiences', { countries }) },
    { Icon: Clock, text: t('points.credentials') },
    { Icon: ShieldCheck, text: t('points.privacy') },
  ];
  return (
    <section id="contact" className={`section section--surface ${styles.section}`} aria-labelledby="contact-title">
      <div className={`container ${styles.grid}`}>
        <div className={styles.intro}>
          <span className="eyebrow">{t('eyebrow')}</span>
          <h2 id="contact-title">{t('title')}</h2>
          <p className="lead">{t('lead')}</p>
          <ul className={styles.points}>
            {points.map(({ Icon, text }) => (
              <li key={text}>
                <Icon size={24} strokeWidth={1.75} aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <Suspense fallback={<div className={styles.formPlaceholder} />}>
          <contactForm.Component />
        </Suspense>
      </div>
    </section>
  );
}
