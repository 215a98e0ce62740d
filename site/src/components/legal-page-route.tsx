import type { HeadProps, PageProps } from 'gatsby';
import React from 'react';
import { headTranslator, type LocaleData } from '../features/i18n/head';
import type { I18nPageContext } from '../features/i18n/page-context';
import { Layout } from './layout/Layout';
import { LegalPage } from './LegalPage';
import { PageMetadata } from './PageMetadata';

type Namespace = 'legal' | 'privacy' | 'cookies';

/** Facts a page's query reads from the API at build time, e.g. `privacyFacts: segmentiaPrivacy { leadRetentionMonths }`. */
type LegalData = LocaleData & { privacyFacts?: { leadRetentionMonths: number } };

/** The page component and Head of a legal text; each page file adds its own query. */
export function legalRoute(ns: Namespace, extra?: React.ReactNode) {
  function Page({ location, data }: PageProps<LegalData>) {
    return (
      <Layout pathname={location.pathname}>
        <LegalPage ns={ns} values={data.privacyFacts}>
          {extra}
        </LegalPage>
      </Layout>
    );
  }
  function Head({ data, pageContext }: HeadProps<LocaleData, I18nPageContext>) {
    const t = headTranslator(data, pageContext.language);
    return (
      <PageMetadata
        language={pageContext.language}
        originalPath={pageContext.i18n.originalPath}
        title={`${t(`${ns}:title`)} | ${t('common:brand')}`}
        description={t(`${ns}:description`)}
      />
    );
  }
  return { Page, Head };
}
