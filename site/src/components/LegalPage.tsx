import { useTranslation } from 'gatsby-plugin-react-i18next';
import React, { type ReactNode } from 'react';
import { COMPANY, SITE_URL } from '../config/site';
import * as styles from './LegalPage.module.css';

interface Section {
  id: string;
  heading: string;
  paragraphs: string[];
  items?: string[];
}

/** Values the legal texts quote, filled into their {{placeholders}}. */
export const LEGAL_VALUES = { ...COMPANY, siteUrl: SITE_URL };

/** A legal text from its namespace (legal, privacy, cookies): title, intro, numbered sections with a table of contents. */
export function LegalPage({ ns, values, children }: { ns: 'legal' | 'privacy' | 'cookies'; values?: object; children?: ReactNode }) {
  const { t } = useTranslation(ns);
  const filled = { ...LEGAL_VALUES, ...values };
  const sections = t('sections', { returnObjects: true, ...filled }) as Section[];
  return (
    <article className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>{t('title')}</h1>
        <p className={styles.updated}>{t('updated', filled)}</p>
        <p className="lead">{t('intro', filled)}</p>
      </header>
      <nav className={styles.toc} aria-label={t('common:legal.contents')}>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      <div className={styles.body}>
        {sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
            <h2 id={`${section.id}-heading`}>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.items && (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
        {children}
      </div>
    </article>
  );
}
