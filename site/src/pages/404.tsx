import { graphql, Link, type PageProps } from 'gatsby';
import { useTranslation } from 'gatsby-plugin-react-i18next';
import { Compass } from 'lucide-react';
import React from 'react';
import { Layout } from '../components/layout/Layout';
import { pageHead } from '../components/page-head';
import type { LocaleData } from '../features/i18n/head';
import { useLocale } from '../features/i18n/use-locale';
import * as styles from '../components/StatusPage.module.css';

/** "Page not found" in the language of the path (served with HTTP 404). */
export default function NotFoundPage({ location }: PageProps<LocaleData>) {
  const { t } = useTranslation('common');
  const { path } = useLocale();
  return (
    <Layout pathname={location.pathname}>
      <section className={`container ${styles.page}`} aria-labelledby="not-found-title">
        <Compass size={48} strokeWidth={1.5} aria-hidden="true" className={styles.icon} />
        <p className={styles.code}>404</p>
        <h1 id="not-found-title">{t('notFound.title')}</h1>
        <p className="lead">{t('notFound.text')}</p>
        <div className={styles.actions}>
          <Link to={path('/')} className="button button--primary">
            {t('notFound.home')}
          </Link>
          <a href={`${path('/')}#contact`} className="button button--secondary">
            {t('nav.contact')}
          </a>
        </div>
      </section>
    </Layout>
  );
}

export const Head = pageHead('common:notFound.title', 'common:notFound.text', { noindex: true });

export const query = graphql`
  query NotFoundPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "consent"] } }) {
      ...LocaleNodes
    }
  }
`;
