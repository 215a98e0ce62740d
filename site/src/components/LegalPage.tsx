import { useTranslation } from 'gatsby-plugin-react-i18next';
import React, { type ReactNode } from 'react';
import { LOG_RETENTION_DAYS } from '@segmentia/contracts/company';
import { COVERED_COUNTRIES } from '@segmentia/contracts/segments';
import { COMPANY, vatIdOf } from '../config/company';
import { SITE_URL } from '../config/site';
import { CONSENT_EXPIRY_DAYS } from '../features/consent/config';
import { StaticHtml } from '../features/lazy/hydrate-when-near';
import * as styles from './LegalPage.module.css';
import { fillLegalValues, type Section, shownSections } from './legal-values';
import { withLinks } from './with-links';

/** Values the legal texts quote, filled into their {{placeholders}}: the company's data and the site's own settings. */
export const LEGAL_VALUES = {
  ...COMPANY,
  vatId: vatIdOf(COMPANY),
  siteUrl: SITE_URL,
  consentExpiryDays: CONSENT_EXPIRY_DAYS,
  countries: COVERED_COUNTRIES.length,
  logRetentionDays: LOG_RETENTION_DAYS,
};

/** What the legal texts state about the API's own settings, read from it at build time (site-data.graphql's `privacy`). */
export interface PrivacyFacts {
  leadRetentionMonths: number;
  spamRetentionDays: number;
  consentRecordRetentionMonths: number;
  /** The date the terms and policies took effect (TERMS_VERSION), YYYY-MM-DD: the pages' last update. */
  termsVersion: string;
  /** termsVersion as the page's language writes it (gatsby-node formats it at build time). */
  termsDate: string;
  /** Empty when no webhook is set (NOTIFY_WEBHOOK_URL): the policy then leaves its item out. */
  webhookProcessor: string;
  emailProcessor: string;
  challengeMinutes: number;
}

type Namespace = 'legal' | 'privacy' | 'cookies';

/**
 * A legal text from its namespace (legal, privacy, cookies): title, intro, numbered sections with a table of contents;
 * `children` below it (the cookie table). The text is never hydrated: nothing in it reacts, so on the page the visitor
 * opened its component does not even run in the browser (its texts are long to interpolate).
 */
export function LegalPage({ ns, facts, children }: { ns: Namespace; facts: PrivacyFacts; children?: ReactNode }) {
  return (
    <article className={`container ${styles.page}`}>
      {/* The article's grid places the text's header, contents and body all the same (the wrapper lays out nothing). */}
      <StaticHtml id={`text-${ns}`}>
        <LegalText ns={ns} facts={facts} />
      </StaticHtml>
      {/* Wider than the running text: the cookie table. */}
      {children && <div className={styles.extra}>{children}</div>}
    </article>
  );
}

function LegalText({ ns, facts }: { ns: Namespace; facts: PrivacyFacts }) {
  const { t, i18n } = useTranslation(ns);
  // The challenge's life in hours (ALTCHA_EXPIRES_MINUTES is 1440: "24 hours" reads, "1440 minutes" does not).
  const filled = fillLegalValues(
    { ...LEGAL_VALUES, ...facts, challengeHours: facts.challengeMinutes / 60 },
    facts.termsDate,
    i18n.language,
  );
  const sections = shownSections(t('sections', { returnObjects: true, ...filled }) as Section[]);
  return (
    <>
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
          // A chapter is not a landmark of its own (fifteen would drown the page's): its heading leads to it.
          <section key={section.id} id={section.id}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{withLinks(paragraph)}</p>
            ))}
            {section.items && (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{withLinks(item)}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </div>
    </>
  );
}
