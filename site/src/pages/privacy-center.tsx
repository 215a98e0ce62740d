import { graphql, type PageProps } from 'gatsby';
import React from 'react';
import { Layout } from '../components/layout/Layout';
import { pageHead } from '../components/page-head';
import type { LocaleData } from '../features/i18n/head';
import { PrivacyCenter } from '../features/privacy-center/PrivacyCenter';

type Data = LocaleData & { privacyFacts: { leadRetentionMonths: number } };

export default function PrivacyCenterPage({ location, data }: PageProps<Data>) {
  return (
    <Layout pathname={location.pathname}>
      <PrivacyCenter leadRetentionMonths={data.privacyFacts.leadRetentionMonths} />
    </Layout>
  );
}

export const Head = pageHead('privacy-center:title', 'privacy-center:description');

export const query = graphql`
  query PrivacyCenterPage($language: String!) {
    privacyFacts: segmentiaPrivacy {
      leadRetentionMonths
    }
    locales: allLocale(filter: { language: { eq: $language }, ns: { in: ["common", "privacy-center", "consent", "my-data"] } }) {
      ...LocaleNodes
    }
  }
`;
