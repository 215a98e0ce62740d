import { graphql, type PageProps } from 'gatsby';
import React from 'react';
import type { LocaleData } from '../features/i18n/head';
import { Layout } from './layout/Layout';
import { LegalPage, type PrivacyFacts } from './LegalPage';
import { pageHead } from './page-head';

type Namespace = 'legal' | 'privacy' | 'cookies';

/** Facts each page's query reads from the API at build time: `privacyFacts: segmentiaPrivacy { ...PrivacyFacts }`. */
type LegalData = LocaleData & { privacyFacts: PrivacyFacts };

/** The page component and Head of a legal text; each page file adds its own query. */
export function legalRoute(ns: Namespace, extra?: React.ReactNode) {
  function Page({ location, data }: PageProps<LegalData>) {
    return (
      <Layout pathname={location.pathname}>
        <LegalPage ns={ns} facts={data.privacyFacts}>
          {extra}
        </LegalPage>
      </Layout>
    );
  }
  return { Page, Head: pageHead(`${ns}:title`, `${ns}:description`) };
}

/** What every legal page reads from the API's settings (Gatsby finds fragments in any source file). */
export const privacyFactsFragment = graphql`
  fragment PrivacyFacts on SegmentiaPrivacy {
    leadRetentionMonths
    spamRetentionDays
    consentRecordRetentionMonths
    termsVersion
    termsDate(language: $language)
    webhookProcessor
    emailProcessor
    challengeMinutes
  }
`;
