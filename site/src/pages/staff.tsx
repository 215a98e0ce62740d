import { graphql, type HeadProps, type PageProps } from 'gatsby';
import React from 'react';
import { Layout } from '../components/layout/Layout';
import { PageMetadata } from '../components/PageMetadata';
import { headTranslator, type LocaleData } from '../features/i18n/head';
import type { I18nPageContext } from '../features/i18n/page-context';
import { StaffPage } from '../features/staff/StaffPage';

/** The sales staff's leads (signed in with Firebase); never indexed. */
export default function Staff({ location }: PageProps<LocaleData>) {
  return (
    <Layout pathname={location.pathname}>
      <StaffPage />
    </Layout>
  );
}

export function Head({ data, pageContext }: HeadProps<LocaleData, I18nPageContext>) {
  const t = headTranslator(data, pageContext.language);
  return (
    <PageMetadata
      language={pageContext.language}
      originalPath={pageContext.i18n.originalPath}
      title={`${t('staff:meta.title')} | ${t('common:brand')}`}
      description={t('staff:meta.description')}
      noindex
    />
  );
}

export const query = graphql`
  query StaffPage($language: String!) {
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "staff", "contact", "consent"] } }) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`;
