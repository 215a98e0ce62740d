import type { PageProps } from 'gatsby';
import React from 'react';
import type { LocaleData } from '../features/i18n/head';
import { Layout } from './layout/Layout';
import { LegalPage } from './LegalPage';
import { pageHead } from './page-head';

type Namespace = 'legal' | 'privacy' | 'cookies';

/** Facts a page's query reads from the API at build time, e.g. `privacyFacts: segmentiaPrivacy { leadRetentionMonths }`. */
type LegalData = LocaleData & { privacyFacts?: { leadRetentionMonths: number; spamRetentionDays: number; consentRecordRetentionMonths: number } };

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
  return { Page, Head: pageHead(`${ns}:title`, `${ns}:description`) };
}
